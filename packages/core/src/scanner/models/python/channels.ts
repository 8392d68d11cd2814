import { defineModel } from '../schema.ts';

/** Django Channels: a consumer's `receive` gets the WebSocket client's messages. */
export default defineModel({
  name: 'channels',
  language: 'python',
  handlers: [{ base: '**.*Consumer', method: '{receive,receive_json,websocket_receive}', kind: 'remote' }],
});
