import { defineModel } from '../schema.ts';

/** gorilla/websocket: messages read from a connection a handler receives come from the client; dialing an untrusted URL is SSRF. */
export default defineModel({
  name: 'gorilla-websocket',
  language: 'go',
  description: 'github.com/gorilla/websocket',
  handlers: [{ parameterType: 'websocket.Conn', kind: 'remote' }],
  sinks: [{ call: 'websocket.DefaultDialer.Dial', class: 'ssrf' }],
});
