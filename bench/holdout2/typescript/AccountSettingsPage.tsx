// app/account/settings/page.tsx
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { revalidatePath } from 'next/cache';
import DOMPurify from 'isomorphic-dompurify';
import { randomBytes } from 'crypto';
import { z } from 'zod';
import { db } from '@/lib/db';
import { requireSession } from '@/lib/session';

const ALLOWED_RETURN_PATHS = new Set(['/account', '/account/billing', '/account/security', '/dashboard']);

const ProfileSchema = z.object({
  displayName: z.string().trim().min(1).max(80),
  bio: z.string().max(4000).default(''),
  website: z
    .string()
    .url()
    .refine((u) => u.startsWith('https://'), 'Website must use https')
    .or(z.literal('')),
  timezone: z.string().max(64),
});

type SearchParams = { saved?: string; returnTo?: string; tab?: string };

async function updateProfile(formData: FormData) {
  'use server';
  const session = await requireSession();
  const parsed = ProfileSchema.safeParse({
    displayName: formData.get('displayName'),
    bio: formData.get('bio'),
    website: formData.get('website'),
    timezone: formData.get('timezone'),
  });
  if (!parsed.success) {
    redirect('/account/settings?error=invalid');
  }
  const bioHtml = DOMPurify.sanitize(parsed.data.bio, {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'],
    ALLOWED_ATTR: ['href'],
  });
  await db.user.update({
    where: { id: session.userId },
    data: { displayName: parsed.data.displayName, bioHtml, website: parsed.data.website, timezone: parsed.data.timezone },
  });
  revalidatePath('/account/settings');

  const returnTo = String(formData.get('returnTo') ?? '');
  redirect(ALLOWED_RETURN_PATHS.has(returnTo) ? returnTo : '/account/settings?saved=1');
}

async function rotateApiKey() {
  'use server';
  const session = await requireSession();
  const apiKey = `sk_${randomBytes(24).toString('base64url')}`;
  await db.apiKey.create({ data: { userId: session.userId, keyHash: await hashKey(apiKey) } });
  cookies().set('flash_api_key', apiKey, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: '/account/settings',
    maxAge: 60,
  });
  redirect('/account/settings?tab=api');
}

async function hashKey(value: string): Promise<string> {
  const { hash } = await import('@node-rs/argon2');
  return hash(value, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export default async function AccountSettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requireSession();
  const user = await db.user.findUniqueOrThrow({ where: { id: session.userId } });
  const flashKey = cookies().get('flash_api_key')?.value;
  const requestId = headers().get('x-request-id') ?? '';
  const tab = ['profile', 'api'].includes(searchParams.tab ?? '') ? searchParams.tab : 'profile';
  const returnTo = ALLOWED_RETURN_PATHS.has(searchParams.returnTo ?? '') ? searchParams.returnTo : '/account';

  return (
    <main className="settings" data-request-id={requestId}>
      <h1>Settings for {user.displayName}</h1>
      {searchParams.saved ? <p role="status">Your changes were saved.</p> : null}

      {tab === 'profile' ? (
        <form action={updateProfile} className="settings-form">
          <input type="hidden" name="returnTo" value={returnTo} />
          <label>
            Display name
            <input name="displayName" defaultValue={user.displayName} maxLength={80} />
          </label>
          <label>
            Bio
            <textarea name="bio" defaultValue={user.bioSource ?? ''} rows={6} />
          </label>
          <label>
            Website
            <input name="website" type="url" defaultValue={user.website ?? ''} />
          </label>
          <label>
            Timezone
            <input name="timezone" defaultValue={user.timezone} />
          </label>
          <button type="submit">Save</button>
          <section className="bio-preview" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(user.bioHtml ?? '') }} />
        </form>
      ) : (
        <section>
          <h2>API access</h2>
          {flashKey ? (
            <p>
              Your new key is <code>{flashKey}</code>. Copy it now; it will not be shown again.
            </p>
          ) : null}
          <form action={rotateApiKey}>
            <button type="submit">Generate new key</button>
          </form>
        </section>
      )}
    </main>
  );
}
