// app/routes/events.$slug.tsx
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { marked } from 'marked';
import DOMPurify from 'isomorphic-dompurify';
import { prisma } from '~/db.server';
import { requireUserId, getUserId } from '~/session.server';

function localRedirectPath(to: FormDataEntryValue | string | null, fallback = '/events') {
  if (!to || typeof to !== 'string') return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  return to;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const event = await prisma.event.findUnique({
    where: { slug: params.slug },
    include: { organizer: { select: { displayName: true, bioHtml: true } } },
  });
  if (!event) throw new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  const userId = await getUserId(request);
  return json({
    event,
    descriptionHtml: DOMPurify.sanitize(await marked.parse(event.description)),
    promo: url.searchParams.get('promo') ?? '',
    signedIn: Boolean(userId),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const userId = await requireUserId(request);
  const form = await request.formData();
  const intent = form.get('intent');

  if (intent === 'register') {
    const seats = Number(form.get('seats') ?? 1);
    if (!Number.isInteger(seats) || seats < 1 || seats > 10) {
      return json({ error: 'Choose between 1 and 10 seats' }, { status: 400 });
    }
    await prisma.registration.create({
      data: { userId, seats, event: { connect: { slug: params.slug } } },
    });
    return redirect(localRedirectPath(form.get('redirectTo'), `/events/${params.slug}`));
  }

  if (intent === 'share') {
    const target = String(form.get('continueUrl') ?? '/');
    await prisma.share.create({ data: { userId, eventSlug: String(params.slug) } });
    // expect: CWE-601
    return redirect(target);
  }

  return json({ error: 'unknown intent' }, { status: 400 });
}

export default function EventPage() {
  const { event, descriptionHtml, promo, signedIn } = useLoaderData<typeof loader>();
  const promoBanner = promo ? `<div class="promo">Promo code <b>${promo}</b> applied!</div>` : '';

  return (
    <main className="event">
      <h1>{event.title}</h1>
      <p className="organizer">Hosted by {event.organizer.displayName}</p>
      {/* expect: CWE-79 */}
      <div dangerouslySetInnerHTML={{ __html: promoBanner }} />
      <article dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
      <aside className="bio">
        {/* expect: CWE-79 */}
        <div dangerouslySetInnerHTML={{ __html: event.organizer.bioHtml }} />
      </aside>
      <p className="tagline">{promo ? `Using promo ${promo}` : 'No promo applied'}</p>
      {signedIn ? (
        <Form method="post">
          <input type="hidden" name="intent" value="register" />
          <input type="hidden" name="redirectTo" value={`/events/${event.slug}/thanks`} />
          <input type="number" name="seats" min={1} max={10} defaultValue={1} />
          <button type="submit">Register</button>
        </Form>
      ) : (
        <a href={`/login?redirectTo=${encodeURIComponent(`/events/${event.slug}`)}`}>Sign in to register</a>
      )}
    </main>
  );
}
