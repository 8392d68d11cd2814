import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import { PrismaClient, Prisma } from '@prisma/client';
import { exec, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import vm from 'node:vm';
import yaml from 'js-yaml';

const prisma = new PrismaClient();
const execAsync = promisify(exec);
const execFileAsync = promisify(execFile);

interface Context {
  userId: string | null;
  tenant: string;
}

const t = initTRPC.context<Context>().create();

const authed = t.middleware(({ ctx, next }) => {
  if (!ctx.userId) throw new TRPCError({ code: 'UNAUTHORIZED' });
  return next({ ctx: { ...ctx, userId: ctx.userId } });
});
const protectedProcedure = t.procedure.use(authed);

// ---------------------------------------------------------------------------
// Itinerary helpers
// ---------------------------------------------------------------------------

type PricingInput = { nights: number; baseRate: number; guests: number; season: string };

const BUILTIN_RULES: Record<string, (p: PricingInput) => number> = {
  standard: (p) => p.nights * p.baseRate,
  family: (p) => p.nights * p.baseRate * (p.guests > 3 ? 0.9 : 1),
  peak: (p) => p.nights * p.baseRate * (p.season === 'summer' ? 1.25 : 1),
};

function applyPartnerRule(ruleSource: string, input: PricingInput): number {
  const sandbox = { input, result: 0 };
  // expect: CWE-94
  vm.runInNewContext(`result = (${ruleSource})(input)`, sandbox, { timeout: 50 });
  return Number(sandbox.result);
}

function parseItineraryImport(document: string) {
  // expect: CWE-502
  return yaml.load(document, { schema: (yaml as any).DEFAULT_FULL_SCHEMA });
}

function parseItineraryConfig(document: string) {
  return yaml.load(document, { schema: yaml.JSON_SCHEMA });
}

async function generateVoucherPdf(bookingRef: string, outputDir: string) {
  await execFileAsync('wkhtmltopdf', [`https://booking.internal/vouchers/${encodeURIComponent(bookingRef)}`, `${outputDir}/${bookingRef}.pdf`]);
}

// ---------------------------------------------------------------------------
// Router
// ---------------------------------------------------------------------------

export const bookingRouter = t.router({
  searchHotels: t.procedure
    .input(z.object({ city: z.string().max(80), checkIn: z.coerce.date(), maxRate: z.number().int().positive() }))
    .query(({ input }) =>
      prisma.$queryRaw`SELECT id, name, nightly_rate FROM hotels WHERE city = ${input.city} AND nightly_rate <= ${input.maxRate} AND available_from <= ${input.checkIn}`,
    ),

  searchByAmenity: t.procedure
    .input(z.object({ amenity: z.string(), city: z.string() }))
    .query(({ input }) => {
      const query = `SELECT h.id, h.name FROM hotels h JOIN amenities a ON a.hotel_id = h.id WHERE a.code = '${input.amenity}' AND h.city = $1`;
      // expect: CWE-89
      return prisma.$queryRawUnsafe(query, input.city);
    }),

  bookingsForUser: protectedProcedure
    .input(z.object({ status: z.enum(['confirmed', 'cancelled', 'pending']).optional() }))
    .query(({ ctx, input }) =>
      prisma.booking.findMany({
        where: { userId: ctx.userId, ...(input.status ? { status: input.status } : {}) },
        orderBy: { createdAt: 'desc' },
      }),
    ),

  quote: protectedProcedure
    .input(
      z.object({
        rule: z.string(),
        partnerRule: z.string().optional(),
        nights: z.number().int().min(1).max(60),
        baseRate: z.number().positive(),
        guests: z.number().int().min(1).max(12),
        season: z.string(),
      }),
    )
    .query(({ input }) => {
      const pricing: PricingInput = { nights: input.nights, baseRate: input.baseRate, guests: input.guests, season: input.season };
      if (input.partnerRule) {
        return { total: applyPartnerRule(input.partnerRule, pricing) };
      }
      const rule = Object.prototype.hasOwnProperty.call(BUILTIN_RULES, input.rule) ? BUILTIN_RULES[input.rule] : BUILTIN_RULES.standard;
      return { total: rule(pricing) };
    }),

  importItinerary: protectedProcedure
    .input(z.object({ document: z.string().max(200_000), format: z.enum(['legacy', 'v2']) }))
    .mutation(async ({ ctx, input }) => {
      const parsed = input.format === 'legacy' ? parseItineraryImport(input.document) : parseItineraryConfig(input.document);
      return prisma.itinerary.create({ data: { userId: ctx.userId, payload: parsed as Prisma.InputJsonValue } });
    }),

  voucher: protectedProcedure
    .input(z.object({ bookingRef: z.string().regex(/^[A-Z0-9]{8}$/) }))
    .mutation(async ({ input }) => {
      await generateVoucherPdf(input.bookingRef, '/var/spool/vouchers');
      return { ok: true };
    }),

  archiveTrip: protectedProcedure
    .input(z.object({ tripName: z.string().min(1) }))
    .mutation(async ({ ctx, input }) => {
      const archiveDir = `/var/archive/trips/${ctx.tenant}`;
      // expect: CWE-78
      const { stdout } = await execAsync(`tar -czf ${archiveDir}/${input.tripName}.tgz -C /var/trips ${input.tripName}`);
      return { ok: true, log: stdout };
    }),
});

export type BookingRouter = typeof bookingRouter;
