import { defineModel } from '../schema.ts';

/** What a Falcon Request carries from the client. */
const FIELDS = '{media,params,uri,relative_uri,headers,cookies}';
const METHODS = '{media,get_media,get_param,get_param_as_list,get_header,get_cookie_values}()';

/** Falcon: request media, parameters and headers (responders `on_get(self, req, resp, id)` are recognised by the language pack). */
export default defineModel({
  name: 'falcon',
  language: 'python',
  sources: [{ path: [`{request,req}.${FIELDS}`, `{request,req}.${METHODS}`, `self.request.${FIELDS}`, `self.request.${METHODS}`], kind: 'remote' }],
});
