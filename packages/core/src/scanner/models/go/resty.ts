import { defineModel } from '../schema.ts';

/** go-resty: the URL of a request. */
export default defineModel({
  name: 'resty',
  language: 'go',
  description: 'github.com/go-resty/resty',
  sinks: [{ call: '*.R().{Get,Post,Put,Patch,Delete,Head,Options}', class: 'ssrf', where: 'url-host-untrusted' }],
});
