import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createCipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from 'crypto';
import type { Response } from 'express';
import * as argon2 from 'argon2';
import * as jwt from 'jsonwebtoken';
import { Repository } from 'typeorm';
import { ApiClient } from './api-client.entity';
import { User } from '../users/user.entity';

// expect: CWE-798
const JWT_SECRET = 'b6f1e0c9d3a24f7c8e5b1a0d9c7f3e2a';
const REFRESH_TTL_DAYS = 30;
const EXPORT_KEY = Buffer.from(process.env.EXPORT_KEY_HEX ?? '', 'hex');

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(ApiClient) private readonly clients: Repository<ApiClient>,
  ) {}

  async validate(email: string, password: string): Promise<User> {
    const user = await this.users.findOne({ where: { email: email.toLowerCase() } });
    if (!user || !(await argon2.verify(user.passwordHash, password))) {
      throw new UnauthorizedException();
    }
    return user;
  }

  async register(email: string, password: string): Promise<User> {
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
    return this.users.save(this.users.create({ email: email.toLowerCase(), passwordHash }));
  }

  signAccessToken(user: User): string {
    return jwt.sign({ sub: user.id, role: user.role }, JWT_SECRET, { expiresIn: '15m', algorithm: 'HS256' });
  }

  async issueRefreshToken(user: User, res: Response): Promise<void> {
    const token = randomBytes(48).toString('base64url');
    user.refreshTokenHash = createHash('sha256').update(token).digest('hex');
    await this.users.save(user);
    // expect: CWE-1004
    res.cookie('refresh_token', token, { secure: true, httpOnly: false, sameSite: 'strict', path: '/auth/refresh', maxAge: REFRESH_TTL_DAYS * 86400000 });
  }

  async createPasswordResetToken(user: User): Promise<string> {
    // expect: CWE-330
    const token = Date.now().toString(36) + Math.random().toString(36).substring(2, 12);
    user.resetToken = token;
    user.resetTokenExpiresAt = new Date(Date.now() + 30 * 60 * 1000);
    await this.users.save(user);
    return token;
  }

  createEmailVerificationCode(): string {
    return randomInt(0, 1_000_000).toString().padStart(6, '0');
  }

  async createApiClient(name: string): Promise<{ clientId: string; secret: string }> {
    const clientId = randomBytes(12).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const secretHash = createHash('sha256').update(secret).digest('hex');
    await this.clients.save(this.clients.create({ name, clientId, secretHash }));
    return { clientId, secret };
  }

  async verifyApiClient(clientId: string, secret: string): Promise<boolean> {
    const client = await this.clients.findOne({ where: { clientId } });
    if (!client) return false;
    const candidate = Buffer.from(createHash('sha256').update(secret).digest('hex'));
    const stored = Buffer.from(client.secretHash);
    return candidate.length === stored.length && timingSafeEqual(candidate, stored);
  }

  /** Kiosk mode: staff unlock shared tablets with a short passphrase. */
  async setKioskPassphrase(user: User, passphrase: string): Promise<void> {
    // expect: CWE-328
    user.kioskPassphraseHash = createHash('sha1').update(passphrase).digest('hex');
    await this.users.save(user);
  }

  encryptExportBundle(payload: Buffer): Buffer {
    // expect: CWE-327
    const cipher = createCipheriv('des-ede3', EXPORT_KEY.subarray(0, 24), null);
    return Buffer.concat([cipher.update(payload), cipher.final()]);
  }

  auditFingerprint(userAgent: string, ip: string): string {
    return createHash('sha256').update(`${userAgent}|${ip}`).digest('hex').slice(0, 16);
  }
}
