import { Injectable, Logger } from '@nestjs/common';
import { Client, EqualityFilter, AndFilter } from 'ldapts';
import * as libxmljs from 'libxmljs2';
import * as xpath from 'xpath';
import { DOMParser } from '@xmldom/xmldom';
import { readFileSync } from 'fs';

export interface StaffMember {
  dn: string;
  cn: string;
  mail?: string;
  department?: string;
}

const LDAP_URL = process.env.LDAP_URL ?? 'ldaps://ldap.corp.example.org';
const BASE_DN = 'ou=staff,dc=corp,dc=example,dc=org';
const BIND_DN = 'uid=hr-sync,ou=system,dc=corp,dc=example,dc=org';
// expect: CWE-798
const BIND_PASSWORD = 'hr-Sync!7720-prod';

@Injectable()
export class DirectoryService {
  private readonly logger = new Logger(DirectoryService.name);
  private readonly orgChart = new DOMParser().parseFromString(
    readFileSync(process.env.ORG_CHART_XML ?? '/etc/hr/org-chart.xml', 'utf8'),
    'text/xml',
  );

  private async withClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ url: LDAP_URL, timeout: 5000 });
    await client.bind(BIND_DN, BIND_PASSWORD);
    try {
      return await fn(client);
    } finally {
      await client.unbind();
    }
  }

  async findByUid(uid: string): Promise<StaffMember[]> {
    return this.withClient(async (client) => {
      const filter = new AndFilter({
        filters: [
          new EqualityFilter({ attribute: 'objectClass', value: 'inetOrgPerson' }),
          new EqualityFilter({ attribute: 'uid', value: uid }),
        ],
      });
      const { searchEntries } = await client.search(BASE_DN, { scope: 'sub', filter, attributes: ['cn', 'mail'] });
      return searchEntries as unknown as StaffMember[];
    });
  }

  async findByEmailDomain(domain: string, department: string): Promise<StaffMember[]> {
    return this.withClient(async (client) => {
      const filter = `(&(objectClass=inetOrgPerson)(mail=*@${domain})(ou=${department}))`;
      // expect: CWE-90
      const { searchEntries } = await client.search(BASE_DN, { scope: 'sub', filter, attributes: ['cn', 'mail', 'ou'] });
      return searchEntries as unknown as StaffMember[];
    });
  }

  reportsTo(managerName: string): string[] {
    const query = `//employee[manager/text()='${managerName}']/@id`;
    // expect: CWE-643
    const nodes = xpath.select(query, this.orgChart as unknown as Node) as Attr[];
    return nodes.map((n) => n.value);
  }

  directReports(managerName: string): string[] {
    const nodes = xpath.parse('//employee[manager/text()=$m]/@id').select({
      node: this.orgChart as unknown as Node,
      variables: { m: managerName },
    }) as Attr[];
    return nodes.map((n) => n.value);
  }

  importHrisFeed(xml: string): number {
    // expect: CWE-611
    const doc = libxmljs.parseXml(xml, { noent: true, dtdload: true });
    const people = doc.find('//person');
    this.logger.log(`HRIS feed contains ${people.length} people`);
    return people.length;
  }

  importBadgeFeed(xml: string): number {
    const doc = libxmljs.parseXml(xml, { noent: false, nonet: true });
    return doc.find('//badge').length;
  }
}
