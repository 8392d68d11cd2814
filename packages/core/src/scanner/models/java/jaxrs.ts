import { defineModel } from '../schema.ts';

/**
 * Jakarta RESTful Web Services (JAX-RS: Jersey, RESTEasy, Quarkus REST): resource methods and the
 * request values injected into their parameters, UriInfo and request-context accessors, redirects.
 */
export default defineModel({
  name: 'jaxrs',
  language: 'java',
  sources: [{ call: '*.{getQueryParameters,getPathParameters,getHeaderString,getRequestHeader,getRequestHeaders}', kind: 'remote' }],
  handlers: [
    {
      parameterAnnotation:
        '**.{QueryParam,PathParam,FormParam,HeaderParam,CookieParam,MatrixParam,BeanParam,FormDataParam,MultipartForm,RestQuery,RestPath,RestForm,RestHeader,RestCookie,Param}',
      kind: 'remote',
    },
    // Resource methods: an unannotated parameter is the request entity.
    { decorator: '**.{GET,POST,PUT,DELETE,PATCH,HEAD,OPTIONS,Path}', kind: 'remote' },
  ],
  sinks: [{ call: 'Response.{seeOther,temporaryRedirect}', class: 'open-redirect', where: 'redirect-target' }],
});
