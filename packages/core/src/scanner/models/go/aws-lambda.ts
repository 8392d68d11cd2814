import { defineModel } from '../schema.ts';

/** AWS Lambda: the HTTP-shaped events a function receives from API Gateway, an ALB or a function URL. */
export default defineModel({
  name: 'aws-lambda',
  language: 'go',
  description: 'github.com/aws/aws-lambda-go/events',
  handlers: [
    {
      parameterType: [
        'events.{APIGatewayProxyRequest,APIGatewayV2HTTPRequest,APIGatewayWebsocketProxyRequest,APIGatewayCustomAuthorizerRequest,APIGatewayCustomAuthorizerRequestTypeRequest,APIGatewayV2CustomAuthorizerV1Request,APIGatewayV2CustomAuthorizerV2Request}',
        'events.{ALBTargetGroupRequest,LambdaFunctionURLRequest}',
      ],
      kind: 'remote',
    },
  ],
});
