import { defineModel } from '../schema.ts';

/** JSON Web Token libraries: the signing key belongs in configuration or a key store, not in the code. */
export default defineModel({
  name: 'jwt',
  language: ['javascript', 'typescript'],
  description: 'jsonwebtoken, jose, jwt-simple, express-jwt, koa-jwt and passport-jwt: a signing or verification key written into the code.',
  literals: [
    {
      call: ['jsonwebtoken.{sign,verify}', 'jwt.{sign,verify}', '*.jwt.{sign,verify}', '*.{jwtService,JwtService}.{sign,verify}', 'jwt-simple.{encode,decode}'],
      arg: 1,
      class: 'hardcoded-credentials',
      where: 'outside-tests',
      label: 'JWT signing',
    },
    // jose 2 (`JWT.sign(payload, JWK.asKey('…'))`) and jose 4+ (`jwtVerify(token, new TextEncoder().encode('…'))`).
    {
      call: ['jose.JWT.{sign,verify}', 'JWT.{sign,verify}', 'jose.{jwtVerify,compactVerify,jwtDecrypt}', 'jose.SignJWT().sign', 'SignJWT().sign'],
      arg: [0, 1],
      through: ['jose.JWK.asKey', 'JWK.asKey', 'TextEncoder().encode', 'Buffer.from', 'jose.base64url.decode'],
      class: 'hardcoded-credentials',
      where: 'outside-tests',
      label: 'JWT signing',
    },
    { call: ['express-jwt', 'express-jwt.expressjwt', 'koa-jwt'], keyword: 'secret', class: 'hardcoded-credentials', where: 'outside-tests', label: 'the JWT middleware' },
    { call: ['passport-jwt.Strategy'], keyword: 'secretOrKey', class: 'hardcoded-credentials', where: 'outside-tests', label: 'the passport-jwt strategy' },
  ],
});
