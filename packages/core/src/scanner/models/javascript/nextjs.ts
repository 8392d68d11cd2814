import { defineModel } from '../schema.ts';

/** Next.js: `request.nextUrl`, `cookies()`, `NextResponse`, `redirect()` (route handlers, middleware, server components). */
export default defineModel({
  name: 'nextjs',
  language: ['javascript', 'typescript'],
  description:
    'Next.js request URL and cookies, route-handler context and getServerSideProps context as remote input; HTML NextResponse bodies and redirect()/permanentRedirect() as sinks.',
  sources: [
    {
      path: ['{req,request}.nextUrl.searchParams', '{req,request}.nextUrl.{pathname,search,href}', '{req,request}.cookies.get()', 'router.query', '**.useRouter().query'],
      kind: 'remote',
    },
  ],
  handlers: [
    // Route handlers: `export async function GET(request, { params })`.
    { method: '{GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS}', parameters: [1], kind: 'remote' },
    // Pages: `getServerSideProps(context)` / `getServerSideProps({ query, params })`.
    { method: 'getServerSideProps', parameters: [0], skip: ['req', 'res', 'resolvedUrl', 'locale', 'locales', 'defaultLocale'], kind: 'remote' },
  ],
  sinks: [
    { call: ['NextResponse', 'next/server.NextResponse'], class: 'xss', where: 'html-response' },
    { call: ['redirect', 'permanentRedirect', 'next/navigation.{redirect,permanentRedirect}'], class: 'open-redirect', where: 'redirect-target' },
  ],
});
