import { defineModel } from '../schema.ts';

/** Angular: route snapshots are the URL's; `DomSanitizer.bypassSecurityTrust*` turns sanitization off. */
export default defineModel({
  name: 'angular',
  language: ['javascript', 'typescript'],
  description: 'Angular route parameters as remote input; DomSanitizer bypassSecurityTrust* as XSS sinks.',
  sources: [{ path: '*.snapshot.{queryParams,params,queryParamMap,paramMap,fragment}', kind: 'remote' }],
  sinks: [{ call: ['*.bypassSecurityTrustHtml', '*.bypassSecurityTrustScript', '*.bypassSecurityTrustUrl', '*.bypassSecurityTrustResourceUrl'], class: 'xss' }],
});
