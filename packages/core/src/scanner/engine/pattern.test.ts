import { describe, expect, it } from 'vitest';
import { compilePattern, matchesPath, matchPrefix, PatternSet } from './pattern.ts';

const path = (dotted: string): string[] => dotted.split('.');
const matches = (pattern: string, dotted: string): boolean => matchesPath(compilePattern(pattern), path(dotted));

describe('path patterns', () => {
  it('match names, any-segment and alternatives on the whole path', () => {
    expect(matches('subprocess.run', 'subprocess.run')).toBe(true);
    expect(matches('subprocess.run', 'subprocess.call')).toBe(false);
    expect(matches('requests.{get,post}', 'requests.post')).toBe(true);
    expect(matches('*.execute', 'self.db.execute')).toBe(true);
    expect(matches('*.execute', 'execute')).toBe(false);
    expect(matches('**.raw', 'raw')).toBe(true);
  });

  it('match a name with one `*` inside by its prefix and suffix', () => {
    expect(matches('*View', 'ListCreateAPIView')).toBe(true);
    expect(matches('*View', 'View')).toBe(true);
    expect(matches('*View', 'Viewer')).toBe(false);
    expect(matches('generics.*View', 'generics.ListAPIView')).toBe(true);
    expect(matches('{*Handler,*Resource}', 'JsonHandler')).toBe(true);
    expect(matches('{*Handler,Resource}', 'ApiResource')).toBe(false);
    expect(matches('*celery.task', 'make_celery.task')).toBe(true);
    expect(matches('get_*()', 'get_user()')).toBe(true);
    expect(matches('get_*()', 'get_user')).toBe(false);
    // A leading `*` segment on its own still floats: `*.View` is "View on any receiver".
    expect(matches('*.View', 'django.views.View')).toBe(true);
    expect(matches('*.*View', 'django.views.TemplateView')).toBe(true);
    // Punctuation around a star is a name (Ruby's `$*`), not a glob.
    expect(matches('$*', '$*')).toBe(true);
    expect(matches('$*', '$stdin')).toBe(false);
  });

  it('leave globs out of name dispatch and match them as source prefixes', () => {
    expect(compilePattern('*.{get_*,read}').lastNames).toBeNull();
    expect(compilePattern('*.{get,read}').lastNames).toEqual(['get', 'read']);
    expect(matchPrefix(compilePattern('self.get_*()'), path('self.get_argument().strip()'))).toBe(2);
    expect(new PatternSet(['a.b', 'x*.y']).matches(path('xyz.y'))).toBe(true);
  });

  it("match a set by the path's last name exactly as pattern by pattern", () => {
    const sources = ['subprocess.run', 'os.system()', '*.execute', 'x*.y', '**.*', 'requests.{get,post}', 'get_*()'];
    const set = new PatternSet(sources.slice(0, 4).concat(sources[5] as string, sources[6] as string));
    const paths = ['subprocess.run', 'os.system()', 'os.system', 'db.execute', 'execute', 'xyz.y', 'requests.post', 'requests.put', 'get_user()', 'get_user', 'a.b', ''];
    for (const dotted of paths) {
      const p = dotted === '' ? [] : path(dotted);
      const expected = set.patterns.some((pattern) => matchesPath(pattern, p));
      expect(set.matches(p), dotted).toBe(expected);
    }
    expect(set.matches(path('os.system()'))).toBe(true);
    expect(set.matches(path('os.system'))).toBe(false);
    expect(new PatternSet(['**.*']).matches(path('anything.at.all'))).toBe(true);
    expect(new PatternSet(['a.b']).matches([])).toBe(false);
  });

  it('reject malformed patterns', () => {
    expect(() => compilePattern('a..b')).toThrow();
    expect(() => compilePattern('a.*b*c')).toThrow(/more than one/);
    expect(() => compilePattern('a.{b,}')).toThrow(/empty alternative/);
  });
});
