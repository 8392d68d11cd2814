import { defineModel } from '../schema.ts';

/** Next.js: `request.nextUrl`, `cookies()`, `NextResponse`, `redirect()` (route handlers, middleware, server components). */
export default defineModel({
  name: 'nextjs',
  language: ['javascript', 'typescript'],
  description: 'Next.js request URL and cookies as remote input; HTML NextResponse bodies and redirect()/permanentRedirect() as sinks.',
  sources: [
    { path: ['{req,request}.nextUrl.searchParams', '{req,request}.nextUrl.{pathname,search,href}', '{req,request}.cookies.get()', 'router.query', '**.useRouter().query'], kind: 'remote' },
  ],
  sinks: [
    { call: ['NextResponse', 'next/server.NextResponse'], class: 'xss', where: 'html-response' },
    { call: ['redirect', 'permanentRedirect', 'next/navigation.{redirect,permanentRedirect}'], class: 'open-redirect', where: 'redirect-target' },
  ],
});
