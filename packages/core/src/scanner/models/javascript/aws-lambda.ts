import { defineModel } from '../schema.ts';

/** AWS Lambda handlers (`exports.handler = async (event) => …`): the event is the request. */
export default defineModel({
  name: 'aws-lambda',
  language: ['javascript', 'typescript'],
  description: 'API Gateway (v1/v2) and function URL events, and event records (S3 keys, SQS/SNS/Kinesis bodies), as remote input.',
  sources: [
    {
      path: [
        'event.{body,queryStringParameters,multiValueQueryStringParameters,pathParameters,headers,multiValueHeaders,rawQueryString,rawPath,cookies}',
        // S3 object keys are chosen by whoever uploads; queue and topic bodies by whoever sends.
        'event.Records',
      ],
      kind: 'remote',
    },
  ],
});
