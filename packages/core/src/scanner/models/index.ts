import type { ModelSpec } from './schema.ts';
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

/** Every built-in model, by language then library. Each file is data only (see schema.ts). */
export const BUILTIN_MODELS: readonly ModelSpec[] = [
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
];
