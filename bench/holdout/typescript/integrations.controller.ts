import { Body, Controller, Delete, Get, Param, Post, Req, HttpException, HttpStatus } from '@nestjs/common';
import { HttpService } from '@nestjs/axios';
import { firstValueFrom } from 'rxjs';
import { execSync, execFileSync } from 'child_process';
import { createHash, randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { IntegrationsRepository } from './integrations.repository';

class CreateWebhookDto {
  url!: string;
  events!: string[];
}

class ImportRepoDto {
  repoUrl!: string;
  branch?: string;
}

const KNOWN_EVENTS = new Set(['build.finished', 'build.failed', 'deploy.started', 'deploy.finished']);

@Controller('integrations')
export class IntegrationsController {
  constructor(private readonly http: HttpService, private readonly repo: IntegrationsRepository) {}

  @Post('webhooks')
  async createWebhook(@Req() req: any, @Body() dto: CreateWebhookDto) {
    const events = (dto.events ?? []).filter((e) => KNOWN_EVENTS.has(e));
    const hook = await this.repo.createWebhook(req.user.projectId, dto.url, events);
    return { id: hook.id, events };
  }

  @Post('webhooks/:id/ping')
  async pingWebhook(@Req() req: any, @Param('id') id: string) {
    const hook = await this.repo.findWebhook(req.user.projectId, id);
    if (!hook) throw new HttpException('not found', HttpStatus.NOT_FOUND);
    const started = Date.now();
    try {
      // expect: CWE-918
      const resp = await firstValueFrom(this.http.post(hook.url, { type: 'ping', at: new Date().toISOString() }, { timeout: 8000 }));
      return { status: resp.status, ms: Date.now() - started, body: String(resp.data).slice(0, 500) };
    } catch (e: any) {
      return { status: e?.response?.status ?? 0, error: e?.message };
    }
  }

  @Post('repos/import')
  async importRepo(@Req() req: any, @Body() dto: ImportRepoDto) {
    const workdir = mkdtempSync(join(tmpdir(), 'import-'));
    const branch = dto.branch || 'main';
    try {
      // expect: CWE-78
      execSync(`git clone --depth 1 --branch ${branch} ${dto.repoUrl} ${workdir}/src`, { stdio: 'pipe', timeout: 60000 });
      const head = execFileSync('git', ['-C', join(workdir, 'src'), 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      await this.repo.recordImport(req.user.projectId, dto.repoUrl, head);
      return { commit: head };
    } finally {
      rmSync(workdir, { recursive: true, force: true });
    }
  }

  @Post('api-keys')
  async createApiKey(@Req() req: any) {
    const key = `ik_${randomBytes(24).toString('hex')}`;
    // expect: CWE-328
    const digest = createHash('md5').update(key).digest('hex');
    await this.repo.storeApiKey(req.user.projectId, digest, key.slice(0, 7));
    return { key };
  }

  @Get('api-keys')
  async listApiKeys(@Req() req: any) {
    const keys = await this.repo.listApiKeys(req.user.projectId);
    return keys.map((k) => ({ id: k.id, prefix: k.prefix, createdAt: k.createdAt }));
  }

  @Delete('api-keys/:id')
  async revoke(@Req() req: any, @Param('id') id: string) {
    await this.repo.revokeApiKey(req.user.projectId, id);
    return { revoked: true };
  }
}
