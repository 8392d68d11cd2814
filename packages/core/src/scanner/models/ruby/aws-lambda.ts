import { defineModel } from '../schema.ts';

/** AWS Lambda's Ruby runtime: the handler receives the triggering event (an API Gateway request, a queue message…). */
export default defineModel({
  name: 'aws-lambda',
  language: 'ruby',
  description: "AWS Lambda Ruby handlers (`def handler(event:, context:)`): the event is the caller's data, the context is the runtime's",
  handlers: [{ method: '{handler,lambda_handler}', parameterAnnotation: 'keyword', skip: ['context'], kind: 'remote' }],
});
