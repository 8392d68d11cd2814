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
];
