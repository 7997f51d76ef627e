// Weight reconciliation: finance imports couriers' billed weights; finance and
// sellers see discrepancies with their evidence, accept or dispute them and
// download the dispute file; the seller sets the tolerance.
import { Hono } from 'hono';
import {
  DecideResponse,
  decideSchema,
  disputeFileSchema,
  ToleranceSavedResponse,
  toleranceSchema,
  weightCourierSchema,
  WeightImportResultResponse,
  weightImportSchema,
  weightListSchema,
  WeightOverviewResponse,
  type WeightImportResult,
  type WeightOverview,
} from '../../../domain/weights';
import { SavedResponse } from '../../../domain/remittance';
import type { AppEnv } from '../../env';
import { contentDisposition } from '../../lib/content-disposition';
import { responds } from '../../lib/responds';
import { serviceActor } from '../../lib/route-actor';
import { v } from '../../lib/validate';
import { decideWeights, disputeFile, importWeights, saveTolerance, saveWeightCourier, weightOverview } from '../../services/finance/weights';

export const weightRoutes = new Hono<AppEnv>()
  .get('/weight-reconciliation', responds(WeightOverviewResponse), v('query', weightListSchema), async (c) =>
    c.json((await weightOverview(c.var.dbh, serviceActor(c), c.req.valid('query'))) satisfies WeightOverview))
  .post('/weight-reconciliation/import', responds(WeightImportResultResponse), v('json', weightImportSchema), async (c) =>
    c.json((await importWeights(c.var.dbh, serviceActor(c), c.req.valid('json'))) satisfies WeightImportResult))
  .post('/weight-reconciliation/decide', responds(DecideResponse), v('json', decideSchema), async (c) => c.json(await decideWeights(c.var.dbh, serviceActor(c), c.req.valid('json'))))
  .get('/weight-reconciliation/dispute-file', v('query', disputeFileSchema), async (c) => {
    const { courier } = c.req.valid('query');
    const csv = await disputeFile(c.var.dbh, serviceActor(c), courier, { signingKey: c.var.config.signingKey, publicUrl: c.var.config.publicUrl });
    return c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': contentDisposition(`weight-disputes-${courier}.csv`) });
  })
  .put('/weight-reconciliation/tolerance', responds(ToleranceSavedResponse), v('json', toleranceSchema), async (c) => c.json(await saveTolerance(c.var.dbh, serviceActor(c), c.req.valid('json').toleranceG)))
  .put('/weight-reconciliation/couriers', responds(SavedResponse), v('json', weightCourierSchema), async (c) => {
    const { courier, disputeDays } = c.req.valid('json');
    return c.json(await saveWeightCourier(c.var.dbh, serviceActor(c), courier, disputeDays));
  });
