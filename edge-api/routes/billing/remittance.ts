// COD remittance for finance (and admin): import couriers' remittance files and
// bank statements, see flags and ageing, mark settled, set per-courier days.
import { Hono } from 'hono';
import { BankResultResponse, ImportResultResponse, RemittanceOverviewResponse, SavedResponse, SettledResponse, bankStatementSchema, courierSettingsSchema, remittanceImportSchema, remittanceTallySchema, settleSchema, type BankResult, type ImportResult, type RemittanceOverview } from '../../../domain/remittance';
import type { AppEnv } from '../../env';
import { serviceActor } from '../../lib/route-actor';
import { v } from '../../lib/validate';
import { responds } from '../../lib/responds';
import { importBankStatement, importRemittances, remittanceOverview, remittanceTallyXml, saveCourierSettings, settleRemittances } from '../../services/finance/remittance';
import { contentDisposition } from '../../lib/content-disposition';

export const remittanceRoutes = new Hono<AppEnv>()
  .get('/finance/remittances', responds(RemittanceOverviewResponse), async (c) => c.json((await remittanceOverview(c.var.dbh, serviceActor(c))) satisfies RemittanceOverview))
  .post('/finance/remittances/import', responds(ImportResultResponse), v('json', remittanceImportSchema), async (c) => c.json((await importRemittances(c.var.dbh, serviceActor(c), c.req.valid('json'))) satisfies ImportResult))
  .post('/finance/remittances/bank-statement', responds(BankResultResponse), v('json', bankStatementSchema), async (c) => c.json((await importBankStatement(c.var.dbh, serviceActor(c), c.req.valid('json'))) satisfies BankResult))
  .post('/finance/remittances/settle', responds(SettledResponse), v('json', settleSchema), async (c) => c.json(await settleRemittances(c.var.dbh, serviceActor(c), c.req.valid('json').ids)))
  /** Receipt vouchers (Tally import XML) for one company's bank-matched remittances. */
  .get('/finance/remittances/tally', v('query', remittanceTallySchema), async (c) => {
    const { xml } = await remittanceTallyXml(c.var.dbh, serviceActor(c), c.req.valid('query'));
    return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'content-disposition': contentDisposition('cod-receipts.xml') });
  })
  .put('/finance/remittances/couriers', responds(SavedResponse), v('json', courierSettingsSchema), async (c) => {
    const { courier, notRemittedDays } = c.req.valid('json');
    return c.json(await saveCourierSettings(c.var.dbh, serviceActor(c), courier, notRemittedDays));
  });
