import { defineModel } from '../schema.ts';

const OBJECTS = '{$request,$req}';
const METHODS = '{getQuery,getData,getParam,getParams,getPost,getFromQuery}';

/** CakePHP (and Laminas MVC, whose request getters look alike): request data, `h()`, `Security::escape`. */
export default defineModel({
  name: 'cakephp',
  language: 'php',
  description: 'CakePHP ServerRequest (getQuery, getData, getParam) and its legacy $this->request->data/query/params, Laminas getPost/getQuery/getFromQuery, h()',
  sources: [{ path: [`${OBJECTS}.${METHODS}()`, `$this.request.${METHODS}()`, '$this.request.{data,query,params}'], kind: 'remote' }],
  sinks: [
    { call: 'Db.{query,execute}', class: 'sql-injection' },
    // `$connection->execute($sql, $params)`: SQL text built with data (a statement's `execute($params)` takes no SQL).
    { call: '*.execute', class: 'sql-injection', where: 'sql-text' },
  ],
  sanitizers: [{ call: ['h', 'Security.escape'], class: 'xss' }],
});
