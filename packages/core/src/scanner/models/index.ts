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
import type { ModelSpec } from './schema.ts';

/** Every built-in model, by language then library. Each file is data only (see schema.ts). */
export const BUILTIN_MODELS: readonly ModelSpec[] = [
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
