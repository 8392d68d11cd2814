import { defineModel } from '../schema.ts';

/** Yii 2: the application request component and database commands. */
export default defineModel({
  name: 'yii',
  language: 'php',
  description: 'Yii 2: Yii::$app->request getters, Yii::$app->db->createCommand, Command::createCommand',
  sources: [
    {
      path: 'Yii.$app.request.{get,post,getQueryParam,getBodyParam,getQueryParams,getBodyParams,getRawBody,getQueryString,getUrl,getHeaders,getCookies}()',
      kind: 'remote',
    },
  ],
  sinks: [{ call: ['Yii.$app.db.createCommand', '*.createCommand'], class: 'sql-injection' }],
});
