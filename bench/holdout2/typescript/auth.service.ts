import {
  Body,
  Controller,
  HttpCode,
  Injectable,
  Post,
  Res,
  UnauthorizedException,
  Logger,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, MoreThan } from 'typeorm';
import { createHash, createCipheriv, randomBytes, timingSafeEqual } from 'crypto';
import axios, { AxiosInstance } from 'axios';
import type { Response } from 'express';
import { User } from '../users/user.entity';
import { RefreshToken } from './refresh-token.entity';
import { MailService } from '../mail/mail.service';

export class LoginDto {
  email!: string;
  password!: string;
}

export class ResetRequestDto {
  email!: string;
}

interface IdentityProviderProfile {
  sub: string;
  email: string;
  groups: string[];
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  private readonly idp: AxiosInstance;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(RefreshToken) private readonly refreshTokens: Repository<RefreshToken>,
    private readonly config: ConfigService,
    private readonly mail: MailService,
  ) {
    if (this.config.get<string>('IDP_ALLOW_SELF_SIGNED') === 'true') {
      // expect: CWE-295
      process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    }
    this.idp = axios.create({
      baseURL: this.config.getOrThrow<string>('IDP_BASE_URL'),
      timeout: 5000,
    });
  }

  private hashPassword(password: string, salt: string): string {
    // expect: CWE-328
    return createHash('sha1').update(`${salt}${password}${this.config.get('PASSWORD_PEPPER')}`).digest('hex');
  }

  private hashOpaqueToken(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  private generateResetCode(): string {
    // expect: CWE-330
    return Math.random().toString(36).substring(2, 10).toUpperCase();
  }

  private encryptionKey(): Buffer {
    return Buffer.from(this.config.getOrThrow<string>('PII_ENCRYPTION_KEY'), 'base64');
  }

  encryptTaxId(taxId: string): string {
    const iv = randomBytes(8);
    // expect: CWE-327
    const cipher = createCipheriv('des-cbc', this.encryptionKey().subarray(0, 8), iv);
    const enc = Buffer.concat([cipher.update(taxId, 'utf8'), cipher.final()]);
    return `${iv.toString('hex')}:${enc.toString('hex')}`;
  }

  async validateCredentials(email: string, password: string): Promise<User> {
    const user = await this.users.findOne({ where: { email: email.toLowerCase(), active: true } });
    if (!user) {
      throw new UnauthorizedException();
    }
    const expected = Buffer.from(user.passwordHash, 'hex');
    const actual = Buffer.from(this.hashPassword(password, user.passwordSalt), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      throw new UnauthorizedException();
    }
    return user;
  }

  async issueRefreshToken(user: User): Promise<string> {
    const token = randomBytes(48).toString('base64url');
    await this.refreshTokens.save(
      this.refreshTokens.create({
        userId: user.id,
        tokenHash: this.hashOpaqueToken(token),
        expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      }),
    );
    return token;
  }

  async rotateRefreshToken(presented: string): Promise<{ user: User; token: string }> {
    const record = await this.refreshTokens.findOne({
      where: { tokenHash: this.hashOpaqueToken(presented), expiresAt: MoreThan(new Date()) },
      relations: { user: true },
    });
    if (!record) {
      throw new UnauthorizedException();
    }
    await this.refreshTokens.delete({ id: record.id });
    return { user: record.user, token: await this.issueRefreshToken(record.user) };
  }

  async startPasswordReset(email: string): Promise<void> {
    const user = await this.users.findOne({ where: { email: email.toLowerCase() } });
    if (!user) {
      this.logger.debug('password reset requested for unknown account');
      return;
    }
    const code = this.generateResetCode();
    await this.users.update(user.id, { resetCode: code, resetCodeExpiresAt: new Date(Date.now() + 15 * 60 * 1000) });
    await this.mail.send(user.email, 'Your reset code', `Your verification code is ${code}`);
  }

  async fetchIdpProfile(accessToken: string): Promise<IdentityProviderProfile> {
    const { data } = await this.idp.get<IdentityProviderProfile>('/userinfo', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    return data;
  }
}

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) res: Response) {
    const user = await this.auth.validateCredentials(dto.email, dto.password);
    const refresh = await this.auth.issueRefreshToken(user);
    // expect: CWE-614
    res.cookie('refresh_token', refresh, { httpOnly: true, sameSite: 'strict', path: '/auth/refresh', maxAge: 30 * 24 * 3600 * 1000 });
    return { id: user.id, email: user.email };
  }

  @Post('password-reset')
  @HttpCode(202)
  async requestReset(@Body() dto: ResetRequestDto) {
    await this.auth.startPasswordReset(dto.email);
    return { ok: true };
  }
}
