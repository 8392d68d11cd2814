import type { ModelSpec } from './schema.ts';
import cCgi from './c/cgi.ts';
import cCgic from './c/cgic.ts';
import cCivetweb from './c/civetweb.ts';
import cFastcgi from './c/fastcgi.ts';
import cGlib from './c/glib.ts';
import cGnutls from './c/gnutls.ts';
import cLibc from './c/libc.ts';
import cLibcurl from './c/libcurl.ts';
import cLibdbi from './c/libdbi.ts';
import cLibevent from './c/libevent.ts';
import cLibldap from './c/libldap.ts';
import cLibmicrohttpd from './c/libmicrohttpd.ts';
import cLibpq from './c/libpq.ts';
import cLibxml2 from './c/libxml2.ts';
import cMbedtls from './c/mbedtls.ts';
import cMongoose from './c/mongoose.ts';
import cMysql from './c/mysql.ts';
import cOci from './c/oci.ts';
import cOdbc from './c/odbc.ts';
import cOpenssl from './c/openssl.ts';
import cPcre from './c/pcre.ts';
import cPosix from './c/posix.ts';
import cReadline from './c/readline.ts';
import cSqlite from './c/sqlite.ts';
import cWinapi from './c/winapi.ts';
import cWolfssl from './c/wolfssl.ts';
import cppBoost from './cpp/boost.ts';
import cppCppHttplib from './cpp/cpp-httplib.ts';
import cppCpprestsdk from './cpp/cpprestsdk.ts';
import cppCpr from './cpp/cpr.ts';
import cppCrow from './cpp/crow.ts';
import cppDrogon from './cpp/drogon.ts';
import cppMysqlConnectorCpp from './cpp/mysql-connector-cpp.ts';
import cppMysqlpp from './cpp/mysqlpp.ts';
import cppOatpp from './cpp/oatpp.ts';
import cppPistache from './cpp/pistache.ts';
import cppPoco from './cpp/poco.ts';
import cppPqxx from './cpp/pqxx.ts';
import cppPugixml from './cpp/pugixml.ts';
import cppQt from './cpp/qt.ts';
import cppSoci from './cpp/soci.ts';
import cppStd from './cpp/std.ts';
import csharpAdoNet from './csharp/ado-net.ts';
import csharpAspnetcore from './csharp/aspnetcore.ts';
import csharpDapper from './csharp/dapper.ts';
import csharpDynamicLinq from './csharp/dynamic-linq.ts';
import csharpEntityFramework from './csharp/entity-framework.ts';
import csharpNhibernate from './csharp/nhibernate.ts';
import csharpRestsharp from './csharp/restsharp.ts';
import csharpRoslynScripting from './csharp/roslyn-scripting.ts';
import csharpSystem from './csharp/system.ts';
import csharpSystemNetHttp from './csharp/system-net-http.ts';
import csharpSystemTextRegularexpressions from './csharp/system-text-regularexpressions.ts';
import csharpSystemWeb from './csharp/system-web.ts';
import csharpSystemXml from './csharp/system-xml.ts';
import csharpTemplateEngines from './csharp/template-engines.ts';
import goAwsLambda from './go/aws-lambda.ts';
import goBuffalo from './go/buffalo.ts';
import goChi from './go/chi.ts';
import goCobra from './go/cobra.ts';
import goDatabaseSql from './go/database-sql.ts';
import goEcho from './go/echo.ts';
import goFasthttp from './go/fasthttp.ts';
import goFiber from './go/fiber.ts';
import goGin from './go/gin.ts';
import goGoLdap from './go/go-ldap.ts';
import goGorillaMux from './go/gorilla-mux.ts';
import goGorillaWebsocket from './go/gorilla-websocket.ts';
import goGorm from './go/gorm.ts';
import goHtmlTemplate from './go/html-template.ts';
import goHttprouter from './go/httprouter.ts';
import goIris from './go/iris.ts';
import goMongo from './go/mongo.ts';
import goNetHttp from './go/net-http.ts';
import goResty from './go/resty.ts';
import goSanitizerLibraries from './go/sanitizer-libraries.ts';
import goSqlx from './go/sqlx.ts';
import goStdlib from './go/stdlib.ts';
import goTemplateEngines from './go/template-engines.ts';
import goUrfaveCli from './go/urfave-cli.ts';
import goXpath from './go/xpath.ts';
import javaApacheHttpclient from './java/apache-httpclient.ts';
import javaBeanValidation from './java/bean-validation.ts';
import javaCommonsCodec from './java/commons-codec.ts';
import javaCommonsExec from './java/commons-exec.ts';
import javaCommonsIo from './java/commons-io.ts';
import javaCommonsLang from './java/commons-lang.ts';
import javaCommonsText from './java/commons-text.ts';
import javaDom4j from './java/dom4j.ts';
import javaEsapi from './java/esapi.ts';
import javaFreemarker from './java/freemarker.ts';
import javaGroovy from './java/groovy.ts';
import javaGuava from './java/guava.ts';
import javaHibernate from './java/hibernate.ts';
import javaJakartaEl from './java/jakarta-el.ts';
import javaJavalin from './java/javalin.ts';
import javaJaxrs from './java/jaxrs.ts';
import javaJdbc from './java/jdbc.ts';
import javaJdbi from './java/jdbi.ts';
import javaJdk from './java/jdk.ts';
import javaJdo from './java/jdo.ts';
import javaJinjava from './java/jinjava.ts';
import javaJooq from './java/jooq.ts';
import javaJpa from './java/jpa.ts';
import javaJsoup from './java/jsoup.ts';
import javaLogging from './java/logging.ts';
import javaMicronaut from './java/micronaut.ts';
import javaMongodb from './java/mongodb.ts';
import javaMvel from './java/mvel.ts';
import javaOgnl from './java/ognl.ts';
import javaOkhttp from './java/okhttp.ts';
import javaOwaspEncoder from './java/owasp-encoder.ts';
import javaPlay from './java/play.ts';
import javaServlet from './java/servlet.ts';
import javaSpark from './java/spark.ts';
import javaSpringCore from './java/spring-core.ts';
import javaSpringDataMongodb from './java/spring-data-mongodb.ts';
import javaSpringExpression from './java/spring-expression.ts';
import javaSpringJdbc from './java/spring-jdbc.ts';
import javaSpringLdap from './java/spring-ldap.ts';
import javaSpringSecurity from './java/spring-security.ts';
import javaSpringWeb from './java/spring-web.ts';
import javaStringtemplate from './java/stringtemplate.ts';
import javaStruts from './java/struts.ts';
import javaThymeleaf from './java/thymeleaf.ts';
import javaUnboundidLdap from './java/unboundid-ldap.ts';
import javaUnirest from './java/unirest.ts';
import javaVelocity from './java/velocity.ts';
import javaVertx from './java/vertx.ts';
import jsAngular from './javascript/angular.ts';
import jsAwsLambda from './javascript/aws-lambda.ts';
import jsBrowser from './javascript/browser.ts';
import jsBuiltins from './javascript/builtins.ts';
import jsCommandLine from './javascript/command-line.ts';
import jsDeepMerge from './javascript/deep-merge.ts';
import jsElectron from './javascript/electron.ts';
import jsExpress from './javascript/express.ts';
import jsFastify from './javascript/fastify.ts';
import jsFsExtra from './javascript/fs-extra.ts';
import jsHapi from './javascript/hapi.ts';
import jsHono from './javascript/hono.ts';
import jsHttpClients from './javascript/http-clients.ts';
import jsJquery from './javascript/jquery.ts';
import jsJsYaml from './javascript/js-yaml.ts';
import jsJwt from './javascript/jwt.ts';
import jsKnex from './javascript/knex.ts';
import jsKoa from './javascript/koa.ts';
import jsLdapjs from './javascript/ldapjs.ts';
import jsLodash from './javascript/lodash.ts';
import jsLoggers from './javascript/loggers.ts';
import jsMongodb from './javascript/mongodb.ts';
import jsNextjs from './javascript/nextjs.ts';
import jsNode from './javascript/node.ts';
import jsPrisma from './javascript/prisma.ts';
import jsProcessLibraries from './javascript/process-libraries.ts';
import jsPuppeteer from './javascript/puppeteer.ts';
import jsReactRouter from './javascript/react-router.ts';
import jsReact from './javascript/react.ts';
import jsRemix from './javascript/remix.ts';
import jsSandboxes from './javascript/sandboxes.ts';
import jsSanitizers from './javascript/sanitizers.ts';
import jsSequelize from './javascript/sequelize.ts';
import jsSerializers from './javascript/serializers.ts';
import jsSessions from './javascript/sessions.ts';
import jsSqlClients from './javascript/sql-clients.ts';
import jsSveltekit from './javascript/sveltekit.ts';
import jsTemplateEngines from './javascript/template-engines.ts';
import jsTypeorm from './javascript/typeorm.ts';
import jsUploads from './javascript/uploads.ts';
import jsVue from './javascript/vue.ts';
import jsXpath from './javascript/xpath.ts';
import phpCakephp from './php/cakephp.ts';
import phpCodeigniter from './php/codeigniter.ts';
import phpDbExtensions from './php/db-extensions.ts';
import phpDoctrine from './php/doctrine.ts';
import phpDrupal from './php/drupal.ts';
import phpGuzzle from './php/guzzle.ts';
import phpLaminas from './php/laminas.ts';
import phpLaravel from './php/laravel.ts';
import phpMysqli from './php/mysqli.ts';
import phpPdo from './php/pdo.ts';
import phpPgsql from './php/pgsql.ts';
import phpPhpseclib from './php/phpseclib.ts';
import phpPsr7 from './php/psr7.ts';
import phpStdlib from './php/stdlib.ts';
import phpSymfony from './php/symfony.ts';
import phpTemplateEngines from './php/template-engines.ts';
import phpWordpress from './php/wordpress.ts';
import phpYii from './php/yii.ts';
import pythonAiofiles from './python/aiofiles.ts';
import pythonAiohttp from './python/aiohttp.ts';
import pythonAriadne from './python/ariadne.ts';
import pythonAsyncpg from './python/asyncpg.ts';
import pythonBleach from './python/bleach.ts';
import pythonBottle from './python/bottle.ts';
import pythonCelery from './python/celery.ts';
import pythonChannels from './python/channels.ts';
import pythonChevron from './python/chevron.ts';
import pythonClick from './python/click.ts';
import pythonCloudpickle from './python/cloudpickle.ts';
import pythonDatabases from './python/databases.ts';
import pythonDill from './python/dill.ts';
import pythonDjango from './python/django.ts';
import pythonDjangorestframework from './python/djangorestframework.ts';
import pythonFabric from './python/fabric.ts';
import pythonFalcon from './python/falcon.ts';
import pythonFastapi from './python/fastapi.ts';
import pythonFeedparser from './python/feedparser.ts';
import pythonFlaskRestful from './python/flask-restful.ts';
import pythonFlaskSqlalchemy from './python/flask-sqlalchemy.ts';
import pythonFlask from './python/flask.ts';
import pythonGenshi from './python/genshi.ts';
import pythonHtmlSanitizer from './python/html-sanitizer.ts';
import pythonHttpx from './python/httpx.ts';
import pythonInvoke from './python/invoke.ts';
import pythonJinja2 from './python/jinja2.ts';
import pythonJoblib from './python/joblib.ts';
import pythonJsonpickle from './python/jsonpickle.ts';
import pythonKombu from './python/kombu.ts';
import pythonLdap3 from './python/ldap3.ts';
import pythonLxml from './python/lxml.ts';
import pythonMako from './python/mako.ts';
import pythonMarkupsafe from './python/markupsafe.ts';
import pythonMysqlclient from './python/mysqlclient.ts';
import pythonNh3 from './python/nh3.ts';
import pythonNumpy from './python/numpy.ts';
import pythonPandas from './python/pandas.ts';
import pythonParallelSsh from './python/parallel-ssh.ts';
import pythonParamiko from './python/paramiko.ts';
import pythonPathvalidate from './python/pathvalidate.ts';
import pythonPeewee from './python/peewee.ts';
import pythonPexpect from './python/pexpect.ts';
import pythonPg8000 from './python/pg8000.ts';
import pythonPsycopg from './python/psycopg.ts';
import pythonPymongo from './python/pymongo.ts';
import pythonPymysql from './python/pymysql.ts';
import pythonPyramid from './python/pyramid.ts';
import pythonPythonLdap from './python/python-ldap.ts';
import pythonQuart from './python/quart.ts';
import pythonRegex from './python/regex.ts';
import pythonRequests from './python/requests.ts';
import pythonSanic from './python/sanic.ts';
import pythonSlugify from './python/slugify.ts';
import pythonSocketio from './python/socketio.ts';
import pythonSqlalchemy from './python/sqlalchemy.ts';
import pythonStarlette from './python/starlette.ts';
import pythonStdlib from './python/stdlib.ts';
import pythonStrawberry from './python/strawberry.ts';
import pythonTorch from './python/torch.ts';
import pythonTornado from './python/tornado.ts';
import pythonUrllib3 from './python/urllib3.ts';
import pythonWebhelpers from './python/webhelpers.ts';
import pythonWerkzeug from './python/werkzeug.ts';
import pythonWget from './python/wget.ts';
import rubyActiverecord from './ruby/activerecord.ts';
import rubyAwsLambda from './ruby/aws-lambda.ts';
import rubyCommander from './ruby/commander.ts';
import rubyCurb from './ruby/curb.ts';
import rubyDown from './ruby/down.ts';
import rubyErubi from './ruby/erubi.ts';
import rubyErubis from './ruby/erubis.ts';
import rubyEscape from './ruby/escape.ts';
import rubyExcon from './ruby/excon.ts';
import rubyFaraday from './ruby/faraday.ts';
import rubyGrape from './ruby/grape.ts';
import rubyHaml from './ruby/haml.ts';
import rubyHttp from './ruby/http.ts';
import rubyHttparty from './ruby/httparty.ts';
import rubyHttpclient from './ruby/httpclient.ts';
import rubyLibxmlRuby from './ruby/libxml-ruby.ts';
import rubyLoofah from './ruby/loofah.ts';
import rubyMechanize from './ruby/mechanize.ts';
import rubyMinitar from './ruby/minitar.ts';
import rubyMongo from './ruby/mongo.ts';
import rubyMongoid from './ruby/mongoid.ts';
import rubyMysql2 from './ruby/mysql2.ts';
import rubyNetFtp from './ruby/net-ftp.ts';
import rubyNetLdap from './ruby/net-ldap.ts';
import rubyNetSsh from './ruby/net-ssh.ts';
import rubyNokogiri from './ruby/nokogiri.ts';
import rubyOj from './ruby/oj.ts';
import rubyOx from './ruby/ox.ts';
import rubyPatron from './ruby/patron.ts';
import rubyPg from './ruby/pg.ts';
import rubyPosixSpawn from './ruby/posix-spawn.ts';
import rubyRack from './ruby/rack.ts';
import rubyRails from './ruby/rails.ts';
import rubyRake from './ruby/rake.ts';
import rubyRestClient from './ruby/rest-client.ts';
import rubyRoda from './ruby/roda.ts';
import rubyRoo from './ruby/roo.ts';
import rubyRubyzip from './ruby/rubyzip.ts';
import rubySanitize from './ruby/sanitize.ts';
import rubySequel from './ruby/sequel.ts';
import rubySinatra from './ruby/sinatra.ts';
import rubySlim from './ruby/slim.ts';
import rubySqlite3 from './ruby/sqlite3.ts';
import rubyStdlib from './ruby/stdlib.ts';
import rubySubprocess from './ruby/subprocess.ts';
import rubyTilt from './ruby/tilt.ts';
import rubyTyphoeus from './ruby/typhoeus.ts';
import rubyWebrick from './ruby/webrick.ts';
import rubyZaru from './ruby/zaru.ts';

/** Every built-in model, by language then library. Each file is data only (see schema.ts). */
export const BUILTIN_MODELS: readonly ModelSpec[] = [
  cCgi,
  cCgic,
  cCivetweb,
  cFastcgi,
  cGlib,
  cGnutls,
  cLibc,
  cLibcurl,
  cLibdbi,
  cLibevent,
  cLibldap,
  cLibmicrohttpd,
  cLibpq,
  cLibxml2,
  cMbedtls,
  cMongoose,
  cMysql,
  cOci,
  cOdbc,
  cOpenssl,
  cPcre,
  cPosix,
  cReadline,
  cSqlite,
  cWinapi,
  cWolfssl,
  cppBoost,
  cppCppHttplib,
  cppCpprestsdk,
  cppCpr,
  cppCrow,
  cppDrogon,
  cppMysqlConnectorCpp,
  cppMysqlpp,
  cppOatpp,
  cppPistache,
  cppPoco,
  cppPqxx,
  cppPugixml,
  cppQt,
  cppSoci,
  cppStd,
  csharpAdoNet,
  csharpAspnetcore,
  csharpDapper,
  csharpDynamicLinq,
  csharpEntityFramework,
  csharpNhibernate,
  csharpRestsharp,
  csharpRoslynScripting,
  csharpSystem,
  csharpSystemNetHttp,
  csharpSystemTextRegularexpressions,
  csharpSystemWeb,
  csharpSystemXml,
  csharpTemplateEngines,
  goAwsLambda,
  goBuffalo,
  goChi,
  goCobra,
  goDatabaseSql,
  goEcho,
  goFasthttp,
  goFiber,
  goGin,
  goGoLdap,
  goGorillaMux,
  goGorillaWebsocket,
  goGorm,
  goHtmlTemplate,
  goHttprouter,
  goIris,
  goMongo,
  goNetHttp,
  goResty,
  goSanitizerLibraries,
  goSqlx,
  goStdlib,
  goTemplateEngines,
  goUrfaveCli,
  goXpath,
  javaApacheHttpclient,
  javaBeanValidation,
  javaCommonsCodec,
  javaCommonsExec,
  javaCommonsIo,
  javaCommonsLang,
  javaCommonsText,
  javaDom4j,
  javaEsapi,
  javaFreemarker,
  javaGroovy,
  javaGuava,
  javaHibernate,
  javaJakartaEl,
  javaJavalin,
  javaJaxrs,
  javaJdbc,
  javaJdbi,
  javaJdk,
  javaJdo,
  javaJinjava,
  javaJooq,
  javaJpa,
  javaJsoup,
  javaLogging,
  javaMicronaut,
  javaMongodb,
  javaMvel,
  javaOgnl,
  javaOkhttp,
  javaOwaspEncoder,
  javaPlay,
  javaServlet,
  javaSpark,
  javaSpringCore,
  javaSpringDataMongodb,
  javaSpringExpression,
  javaSpringJdbc,
  javaSpringLdap,
  javaSpringSecurity,
  javaSpringWeb,
  javaStringtemplate,
  javaStruts,
  javaThymeleaf,
  javaUnboundidLdap,
  javaUnirest,
  javaVelocity,
  javaVertx,
  jsAngular,
  jsAwsLambda,
  jsBrowser,
  jsBuiltins,
  jsCommandLine,
  jsDeepMerge,
  jsElectron,
  jsExpress,
  jsFastify,
  jsFsExtra,
  jsHapi,
  jsHono,
  jsHttpClients,
  jsJquery,
  jsJsYaml,
  jsJwt,
  jsKnex,
  jsKoa,
  jsLdapjs,
  jsLodash,
  jsLoggers,
  jsMongodb,
  jsNextjs,
  jsNode,
  jsPrisma,
  jsProcessLibraries,
  jsPuppeteer,
  jsReactRouter,
  jsReact,
  jsRemix,
  jsSandboxes,
  jsSanitizers,
  jsSequelize,
  jsSerializers,
  jsSessions,
  jsSqlClients,
  jsSveltekit,
  jsTemplateEngines,
  jsTypeorm,
  jsUploads,
  jsVue,
  jsXpath,
  phpCakephp,
  phpCodeigniter,
  phpDbExtensions,
  phpDoctrine,
  phpDrupal,
  phpGuzzle,
  phpLaminas,
  phpLaravel,
  phpMysqli,
  phpPdo,
  phpPgsql,
  phpPhpseclib,
  phpPsr7,
  phpStdlib,
  phpSymfony,
  phpTemplateEngines,
  phpWordpress,
  phpYii,
  pythonAiofiles,
  pythonAiohttp,
  pythonAriadne,
  pythonAsyncpg,
  pythonBleach,
  pythonBottle,
  pythonCelery,
  pythonChannels,
  pythonChevron,
  pythonClick,
  pythonCloudpickle,
  pythonDatabases,
  pythonDill,
  pythonDjango,
  pythonDjangorestframework,
  pythonFabric,
  pythonFalcon,
  pythonFastapi,
  pythonFeedparser,
  pythonFlaskRestful,
  pythonFlaskSqlalchemy,
  pythonFlask,
  pythonGenshi,
  pythonHtmlSanitizer,
  pythonHttpx,
  pythonInvoke,
  pythonJinja2,
  pythonJoblib,
  pythonJsonpickle,
  pythonKombu,
  pythonLdap3,
  pythonLxml,
  pythonMako,
  pythonMarkupsafe,
  pythonMysqlclient,
  pythonNh3,
  pythonNumpy,
  pythonPandas,
  pythonParallelSsh,
  pythonParamiko,
  pythonPathvalidate,
  pythonPeewee,
  pythonPexpect,
  pythonPg8000,
  pythonPsycopg,
  pythonPymongo,
  pythonPymysql,
  pythonPyramid,
  pythonPythonLdap,
  pythonQuart,
  pythonRegex,
  pythonRequests,
  pythonSanic,
  pythonSlugify,
  pythonSocketio,
  pythonSqlalchemy,
  pythonStarlette,
  pythonStdlib,
  pythonStrawberry,
  pythonTorch,
  pythonTornado,
  pythonUrllib3,
  pythonWebhelpers,
  pythonWerkzeug,
  pythonWget,
  rubyActiverecord,
  rubyAwsLambda,
  rubyCommander,
  rubyCurb,
  rubyDown,
  rubyErubi,
  rubyErubis,
  rubyEscape,
  rubyExcon,
  rubyFaraday,
  rubyGrape,
  rubyHaml,
  rubyHttp,
  rubyHttparty,
  rubyHttpclient,
  rubyLibxmlRuby,
  rubyLoofah,
  rubyMechanize,
  rubyMinitar,
  rubyMongo,
  rubyMongoid,
  rubyMysql2,
  rubyNetFtp,
  rubyNetLdap,
  rubyNetSsh,
  rubyNokogiri,
  rubyOj,
  rubyOx,
  rubyPatron,
  rubyPg,
  rubyPosixSpawn,
  rubyRack,
  rubyRails,
  rubyRake,
  rubyRestClient,
  rubyRoda,
  rubyRoo,
  rubyRubyzip,
  rubySanitize,
  rubySequel,
  rubySinatra,
  rubySlim,
  rubySqlite3,
  rubyStdlib,
  rubySubprocess,
  rubyTilt,
  rubyTyphoeus,
  rubyWebrick,
  rubyZaru,
];
