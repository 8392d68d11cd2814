import { defineModel } from '../schema.ts';

/** Angular: route snapshots are the URL's; `DomSanitizer.bypassSecurityTrust*` turns sanitization off. */
export default defineModel({
  name: 'angular',
  language: ['javascript', 'typescript'],
  description: 'Angular route parameters as remote input; DomSanitizer bypassSecurityTrust* and AngularJS $sce.trustAs* as XSS sinks (audited when the value is not a constant).',
  sources: [{ path: '*.snapshot.{queryParams,params,queryParamMap,paramMap,fragment}', kind: 'remote' }],
  // Turning Angular's sanitization off for a value that is not a constant is reported whatever feeds it.
  sinks: [
    { call: '*.{bypassSecurityTrustHtml,bypassSecurityTrustScript,bypassSecurityTrustUrl,bypassSecurityTrustResourceUrl,bypassSecurityTrustStyle}', class: 'xss', audit: true },
    // AngularJS: `$sce.trustAsHtml(v)` / `$sce.trustAs($sce.HTML, v)` mark a value as safe to render unescaped.
    { call: '{$sce,sce,$sceDelegate}.{trustAsHtml,trustAsJs,trustAsUrl,trustAsResourceUrl,trustAsCss}', class: 'xss', audit: true },
    { call: '{$sce,sce,$sceDelegate}.trustAs', arg: 1, class: 'xss', audit: true },
  ],
});
