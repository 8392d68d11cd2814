import { defineModel } from '../schema.ts';

/** What a Django REST framework Request adds to Django's. */
const FIELDS = '{data,query_params}';

/** Django REST framework: parsed request data, `@api_view` / `@action` functions, views and viewsets. */
export default defineModel({
  name: 'djangorestframework',
  language: 'python',
  sources: [{ path: [`{request,req}.${FIELDS}`, `self.request.${FIELDS}`], kind: 'remote' }],
  handlers: [
    { decorator: ['api_view', '*.api_view', 'action', '{decorators,rest_framework.decorators}.action'], kind: 'remote' },
    // `class UserViewSet(viewsets.ModelViewSet): def retrieve(self, request, pk=None)`.
    {
      base: ['**.*ViewSet', '**.*APIView'],
      method: '{get,post,put,patch,delete,head,options,list,create,retrieve,update,partial_update,destroy}',
      kind: 'remote',
    },
  ],
});
