import { defineModel } from '../schema.ts';

/** Variables and properties that hold an HTTP client: a generic `*.get` would make every `->get()` a sink whose result loses its taint. */
const CLIENTS = '{$client,$httpClient,$http,$guzzle,$guzzleClient,$apiClient,$restClient,$browser,$webClient,$curlClient}';
const CLIENT_PROPS = '{client,httpClient,http,guzzle,guzzleClient,apiClient,restClient,browser,webClient}';
const VERBS = '{get,post,put,patch,delete,head,options,getAsync,postAsync,putAsync,deleteAsync}';

/** HTTP clients (Guzzle, Symfony HttpClient, Buzz) named by their receiver: the URL they fetch. */
export default defineModel({
  name: 'guzzle',
  language: 'php',
  description: 'Guzzle and look-alike HTTP clients (Symfony HttpClient, Buzz): request URLs',
  sinks: [
    { call: [`${CLIENTS}.${VERBS}`, `*.${CLIENT_PROPS}.${VERBS}`, `Client().${VERBS}`], class: 'ssrf' },
    { call: [`${CLIENTS}.{request,requestAsync}`, `*.${CLIENT_PROPS}.{request,requestAsync}`, 'Client().{request,requestAsync}'], arg: 1, class: 'ssrf' },
  ],
});
