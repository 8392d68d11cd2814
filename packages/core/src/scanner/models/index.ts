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
];
