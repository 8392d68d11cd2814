import { defineModel } from '../schema.ts';

/** Drupal: the current request from the service container, db_query, and its HTML escaping utilities. */
export default defineModel({
  name: 'drupal',
  language: 'php',
  description: 'Drupal: \\Drupal::request() bags, db_query, Html::escape, Xss::filter',
  sources: [{ path: 'Drupal.request().{query,request,attributes,cookies,headers,files,server}.{get,all,getString,keys,getIterator}()', kind: 'remote' }],
  sinks: [{ call: 'db_query', class: 'sql-injection' }],
  sanitizers: [{ call: ['Html.escape', 'Xss.filter', 'Xss.filterAdmin'], class: 'xss' }],
});
