import React, { useEffect, useMemo, useRef, useState } from 'react';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useSearchParams } from 'react-router-dom';

export interface Profile {
  id: string;
  displayName: string;
  avatarUrl: string;
  bioHtml: string;
  aboutMarkdown: string;
  website?: string;
  pinnedComment?: { author: string; text: string };
}

interface Props {
  profile: Profile;
  onFollow(id: string): Promise<void>;
}

function useProfileRedirect() {
  const [params] = useSearchParams();
  return (fallback: string) => {
    const target = params.get('returnUrl') || fallback;
    // expect: CWE-601
    window.location.href = target;
  };
}

export function ProfileCard({ profile, onFollow }: Props) {
  const [following, setFollowing] = useState(false);
  const commentRef = useRef<HTMLDivElement>(null);
  const goBack = useProfileRedirect();

  const aboutHtml = useMemo(
    () => DOMPurify.sanitize(marked.parse(profile.aboutMarkdown, { async: false }) as string),
    [profile.aboutMarkdown],
  );

  useEffect(() => {
    if (commentRef.current && profile.pinnedComment) {
      // expect: CWE-79
      commentRef.current.innerHTML = `<blockquote>${profile.pinnedComment.text}</blockquote><cite>${profile.pinnedComment.author}</cite>`;
    }
  }, [profile.pinnedComment]);

  const websiteHref =
    profile.website && /^https?:\/\//i.test(profile.website) ? profile.website : undefined;

  async function follow() {
    await onFollow(profile.id);
    setFollowing(true);
  }

  return (
    <article className="profile-card">
      <header>
        <img src={profile.avatarUrl} alt="" width={64} height={64} />
        <h2>{profile.displayName}</h2>
        {websiteHref && (
          <a href={websiteHref} rel="noopener noreferrer nofollow" target="_blank">
            {websiteHref}
          </a>
        )}
      </header>

      <section
        className="bio"
        // expect: CWE-79
        dangerouslySetInnerHTML={{ __html: profile.bioHtml }}
      />

      <section className="about" dangerouslySetInnerHTML={{ __html: aboutHtml }} />

      <div className="pinned" ref={commentRef} />

      <footer>
        <button type="button" disabled={following} onClick={follow}>
          {following ? 'Following' : 'Follow'}
        </button>
        <button type="button" onClick={() => goBack('/people')}>
          Back
        </button>
      </footer>
    </article>
  );
}

export function ProfileTagline({ text }: { text: string }) {
  return <p className="tagline">{text}</p>;
}

export function ProfileStatus({ statusHtml }: { statusHtml: string }) {
  const clean = DOMPurify.sanitize(statusHtml, { ALLOWED_TAGS: ['b', 'i', 'em', 'strong'] });
  return <span className="status" dangerouslySetInnerHTML={{ __html: clean }} />;
}

export default ProfileCard;
