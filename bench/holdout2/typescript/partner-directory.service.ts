import { BadRequestException, Body, Controller, Get, Injectable, Post, Query, UseGuards, Header } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client as LdapClient } from 'ldapts';
import { parseXml } from 'libxmljs2';
import * as xpath from 'xpath';
import { DOMParser } from '@xmldom/xmldom';
import * as nunjucks from 'nunjucks';
import { readFile } from 'fs/promises';
import { join } from 'path';
import { RolesGuard, Roles } from '../auth/roles.guard';

export interface PartnerSummary {
  dn: string;
  cn: string;
  mail?: string;
  partnerCode?: string;
}

export class CatalogUploadDto {
  partnerCode!: string;
  xml!: string;
}

export class NotificationPreviewDto {
  subjectTemplate!: string;
  bodyTemplate!: string;
  partnerCode!: string;
}

function escapeFilterValue(input: string): string {
  return input.replace(/[*()\\\u0000]/g, (c) => '\\' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}

@Injectable()
export class PartnerDirectoryService {
  private readonly templates: nunjucks.Environment;
  private partnerRegistryXml?: string;

  constructor(private readonly config: ConfigService) {
    this.templates = new nunjucks.Environment(
      new nunjucks.FileSystemLoader(join(__dirname, '..', '..', 'templates', 'partners')),
      { autoescape: true, throwOnUndefined: false },
    );
  }

  private async withClient<T>(fn: (client: LdapClient) => Promise<T>): Promise<T> {
    const client = new LdapClient({
      url: this.config.getOrThrow<string>('LDAP_URL'),
      timeout: 5000,
      tlsOptions: { minVersion: 'TLSv1.2' },
    });
    try {
      await client.bind(this.config.getOrThrow('LDAP_BIND_DN'), this.config.getOrThrow('LDAP_BIND_PASSWORD'));
      return await fn(client);
    } finally {
      await client.unbind();
    }
  }

  async findPartnersByCompany(company: string): Promise<PartnerSummary[]> {
    const baseDN = this.config.get<string>('LDAP_PARTNER_BASE', 'ou=partners,dc=example,dc=com');
    return this.withClient(async (client) => {
      const { searchEntries } = await client.search(baseDN, {
        scope: 'sub',
        filter: `(&(objectClass=organizationalPerson)(o=${escapeFilterValue(company)}))`,
        attributes: ['cn', 'mail', 'partnerCode'],
        sizeLimit: 100,
      });
      return searchEntries.map((e) => ({ dn: e.dn, cn: String(e.cn), mail: e.mail as string, partnerCode: e.partnerCode as string }));
    });
  }

  async findPartnerContact(partnerCode: string, role: string): Promise<PartnerSummary[]> {
    const baseDN = this.config.get<string>('LDAP_PARTNER_BASE', 'ou=partners,dc=example,dc=com');
    const filter = `(&(objectClass=organizationalPerson)(partnerCode=${partnerCode})(title=${role}))`;
    return this.withClient(async (client) => {
      // expect: CWE-90
      const { searchEntries } = await client.search(baseDN, { scope: 'sub', filter, attributes: ['cn', 'mail'] });
      return searchEntries.map((e) => ({ dn: e.dn, cn: String(e.cn), mail: e.mail as string }));
    });
  }

  ingestCatalog(dto: CatalogUploadDto): { skus: string[] } {
    // expect: CWE-611
    const doc = parseXml(dto.xml, { noent: true, dtdload: true });
    const skus = doc.find('//product/sku').map((n) => n.text().trim());
    if (skus.length === 0) {
      throw new BadRequestException('catalog contains no products');
    }
    return { skus };
  }

  private async registry() {
    if (!this.partnerRegistryXml) {
      this.partnerRegistryXml = await readFile(this.config.getOrThrow<string>('PARTNER_REGISTRY_PATH'), 'utf8');
    }
    return new DOMParser().parseFromString(this.partnerRegistryXml, 'text/xml');
  }

  async partnerRegion(partnerCode: string, country: string): Promise<string | null> {
    const doc = await this.registry();
    const expr = "/registry/partner[@code='" + partnerCode + "']/regions/region[@country='" + country + "']/@name";
    // expect: CWE-643
    const nodes = xpath.select(expr, doc) as Attr[];
    return nodes.length ? nodes[0].value : null;
  }

  async partnerTier(partnerCode: string): Promise<string | null> {
    if (!/^[A-Z0-9]{4,12}$/.test(partnerCode)) {
      throw new BadRequestException('invalid partner code');
    }
    const doc = await this.registry();
    const nodes = xpath.select(`/registry/partner[@code='${partnerCode}']/@tier`, doc) as Attr[];
    return nodes.length ? nodes[0].value : null;
  }

  renderNotificationPreview(dto: NotificationPreviewDto): { subject: string; html: string } {
    const context = { partner: { code: dto.partnerCode, name: 'Preview Partner Ltd' }, order: { number: 'PO-10021', total: '1,240.00 EUR' } };
    // expect: CWE-1336
    const subject = this.templates.renderString(dto.subjectTemplate, context);
    const html = this.templates.render('notification-shell.njk', { ...context, subject, body: dto.bodyTemplate });
    return { subject, html };
  }
}

@Controller('partners')
@UseGuards(RolesGuard)
export class PartnerDirectoryController {
  constructor(private readonly directory: PartnerDirectoryService) {}

  @Get('search')
  @Roles('partner-manager')
  search(@Query('company') company: string) {
    return this.directory.findPartnersByCompany(company ?? '');
  }

  @Get('contact')
  @Roles('partner-manager')
  contact(@Query('code') code: string, @Query('role') role = 'billing') {
    return this.directory.findPartnerContact(code, role);
  }

  @Get('region')
  @Roles('partner-manager')
  region(@Query('code') code: string, @Query('country') country: string) {
    return this.directory.partnerRegion(code, country);
  }

  @Get('tier')
  @Roles('partner-manager')
  tier(@Query('code') code: string) {
    return this.directory.partnerTier(code);
  }

  @Post('catalog')
  @Roles('partner-manager')
  upload(@Body() dto: CatalogUploadDto) {
    return this.directory.ingestCatalog(dto);
  }

  @Post('notifications/preview')
  @Roles('partner-admin')
  @Header('Cache-Control', 'no-store')
  preview(@Body() dto: NotificationPreviewDto) {
    return this.directory.renderNotificationPreview(dto);
  }
}
