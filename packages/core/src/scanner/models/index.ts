import type { ModelSpec } from './schema.ts';
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
import pythonFlask from './python/flask.ts';
import pythonFlaskRestful from './python/flask-restful.ts';
import pythonFlaskSqlalchemy from './python/flask-sqlalchemy.ts';
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

/** Every built-in model, by language then library. Each file is data only (see schema.ts). */
export const BUILTIN_MODELS: readonly ModelSpec[] = [
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
  pythonFlask,
  pythonFlaskRestful,
  pythonFlaskSqlalchemy,
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
];
