import { defineModel } from '../schema.ts';

/** React Router: URL parameters and the location a route component receives. */
export default defineModel({
  name: 'react-router',
  language: ['javascript', 'typescript'],
  description: 'React Router hooks and route props (params, search, hash) as remote input.',
  sources: [
    {
      path: ['**.useSearchParams()', '**.useParams()', '*.props.location.{search,hash}', 'props.location.{search,hash}', '*.props.match.params', 'props.match.params'],
      kind: 'remote',
    },
  ],
});
