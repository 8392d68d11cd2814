import { defineModel } from '../schema.ts';

/** Celery: a task's arguments arrive as broker messages, enqueued from requests, webhooks and partner feeds. */
export default defineModel({
  name: 'celery',
  language: 'python',
  handlers: [
    {
      decorator: ['shared_task', 'celery.shared_task', '{app,worker,broker,*celery,*celery_app}.task', '*.{*celery,*celery_app}.task'],
      kind: 'remote',
    },
  ],
});
