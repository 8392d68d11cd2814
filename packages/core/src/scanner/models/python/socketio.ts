import { defineModel } from '../schema.ts';

/** python-socketio and Flask-SocketIO: event handlers receive what the client emitted. */
export default defineModel({
  name: 'socketio',
  language: 'python',
  handlers: [{ decorator: '{socketio,sio,socket_io,socket}.{on,event}', kind: 'remote' }],
});
