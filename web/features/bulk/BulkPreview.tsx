// A bulk preview screen (part 2 §2, §4 'Bulk upload'): the file is parsed in
// a worker, shown in an editable grid with every invalid cell marked, and
// submitted; the result shows after 2 s with the server's reasons on cells.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Progress, ScrollArea, Select, Stack, Switch, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useBlocker } from '@tanstack/react-router';
import { BULK_DEFS, MAX_BULK_ROWS, RESULT_DELAY_MS, templatePath, type BulkType } from '../../../domain/bulk/types';
import { CLEAR_ERRORS_MSG, FIX_ERRORS_MSG, LEAVE_CONFIRM_MSG, MAX_ROWS_MSG, rowErrors, type BulkCellError, type BulkResponse } from '../../../domain/bulk/validate';
import type { BulkRow } from '../../../domain/bulk/rules';
import { ApiRequestError } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { bulkCompanyId, bulkStoresQuery, submitBulk } from './api';
import { BulkGrid, cellKey, type CellReasons } from './BulkGrid';
import type { ParsedFile } from './parseFile';
import type { PendingUpload } from './pending';

type Phase = 'parsing' | 'ready' | 'failed' | 'submitting' | 'result';

function parseInWorker(p: PendingUpload): Promise<ParsedFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ ok: true; parsed: ParsedFile } | { ok: false; message: string }>) => {
      worker.terminate();
      if (e.data.ok) resolve(e.data.parsed);
      else reject(new Error(e.data.message));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'Could not read the file'));
    };
    p.file.arrayBuffer().then((buffer) => worker.postMessage({ type: p.type, name: p.file.name, buffer }, [buffer]), reject);
  });
}

const byRow = (errors: BulkCellError[]) => {
  const m = new Map<number, BulkCellError[]>();
  for (const e of errors) {
    const l = m.get(e.row);
    if (l) l.push(e);
    else m.set(e.row, [e]);
  }
  return m;
};

const RESULT_TARGET: Partial<Record<BulkType, { to: string; label: string }>> = {
  orders: { to: '/orders', label: 'Go to orders' },
  catalogues: { to: '/catalogs', label: 'Go to catalogue' },
  'wsin-map': { to: '/catalogs', label: 'Go to catalogue' },
  inventory: { to: '/inventory', label: 'Go to inventory' },
  'external-retailers': { to: '/retailers', label: 'Go to retailers' },
  'cod-remittance': { to: '/orders', label: 'Go to orders' },
};

export function BulkPreview({ upload }: { upload: PendingUpload }) {
  const def = BULK_DEFS[upload.type];
  const session = useSession();
  const [phase, setPhase] = useState<Phase>('parsing');
  const [failure, setFailure] = useState<string | null>(null);
  const [rows, setRows] = useState<BulkRow[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [clientErrors, setClientErrors] = useState<Map<number, BulkCellError[]>>(new Map());
  const [serverReasons, setServerReasons] = useState<CellReasons>(new Map());
  const [applied, setApplied] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<BulkResponse | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [askedToClear, setAskedToClear] = useState(false);
  const [storeId, setStoreId] = useState<string | null>(upload.storeId ?? null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [focus, setFocus] = useState<{ row: number; col: string; n: number } | null>(null);
  const fileId = useRef('');
  const parseMs = useRef(0);
  const companyId = bulkCompanyId(session);

  useEffect(() => {
    let live = true;
    parseInWorker(upload).then(
      (parsed) => {
        if (!live) return;
        fileId.current = parsed.fileId;
        parseMs.current = parsed.parseMs;
        setRows(parsed.rows);
        setProblems(parsed.header.problems);
        setClientErrors(byRow(parsed.errors));
        setPhase('ready');
      },
      (e: Error) => {
        if (!live) return;
        setFailure(e.message);
        setPhase('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [upload]);

  // Leaving the preview asks first (part 2 §8) while it holds rows not yet uploaded:
  // an unsent file, edits, or the rows a partial result sent back with errors.
  const unsent = phase !== 'parsing' && phase !== 'failed' && applied.size < rows.length;
  useBlocker({
    shouldBlockFn: () => (unsent ? !window.confirm(LEAVE_CONFIRM_MSG) : false),
    enableBeforeUnload: () => unsent,
  });

  const stores = useQuery(bulkStoresQuery(session, upload.type));

  const reasons = useMemo(() => {
    const m: CellReasons = new Map(serverReasons);
    for (const list of clientErrors.values()) for (const e of list) m.set(cellKey(e.row, e.col), e.reason);
    return m;
  }, [clientErrors, serverReasons]);
  const errorCount = useMemo(() => {
    let n = 0;
    for (const l of clientErrors.values()) n += l.length;
    return n;
  }, [clientErrors]);

  const onEdit = useCallback((index: number, col: string, value: string) => {
    setRows((prev) => {
      const next = prev.slice();
      const row = { ...next[index], [col]: value };
      next[index] = row;
      const errs = rowErrors(upload.type, row, index + 1);
      setClientErrors((ce) => {
        const m = new Map(ce);
        if (errs.length) m.set(index + 1, errs);
        else m.delete(index + 1);
        return m;
      });
      return next;
    });
    setServerReasons((sr) => {
      const k = cellKey(index + 1, col);
      if (!sr.has(k)) return sr;
      const m = new Map(sr);
      m.delete(k);
      return m;
    });
  }, [upload.type]);

  const tooMany = rows.length > MAX_BULK_ROWS;
  const blocked = problems.length > 0 || tooMany || (def.needsStore && !storeId);

  const submit = async () => {
    if (errorCount > 0) {
      setAskedToClear(true);
      return;
    }
    if (blocked) return;
    const sendIndexes = rows.map((_, i) => i).filter((i) => !applied.has(i + 1));
    if (!sendIndexes.length) return;
    setPhase('submitting');
    setProgress(def.long ? { done: 0, total: sendIndexes.length } : null);
    const started = Date.now();
    try {
      const res = await submitBulk(
        upload.type,
        { rows: sendIndexes.map((i) => rows[i]), fileId: fileId.current, companyId, storeId },
        (done, total) => setProgress({ done, total }),
      );
      // Results show after 2 s (part 2 §4, §9).
      const wait = RESULT_DELAY_MS - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const server: CellReasons = new Map();
      const failedRows = new Set<number>();
      const mapped = res.errorArray.map((e) => ({ ...e, row: sendIndexes[e.row - 1] + 1 }));
      for (const e of mapped) {
        server.set(cellKey(e.row, e.col), e.reason);
        failedRows.add(e.row);
      }
      setServerReasons(server);
      setApplied((prev) => {
        const next = new Set(prev);
        for (const i of sendIndexes) if (!failedRows.has(i + 1)) next.add(i + 1);
        return next;
      });
      setResult({ ...res, errorArray: mapped });
      setPhase('result');
    } catch (e) {
      const message = e instanceof ApiRequestError || e instanceof Error ? e.message : 'Something went wrong!';
      notifications.show({ color: 'red', title: 'Error', message });
      setPhase('ready');
    } finally {
      setProgress(null);
    }
  };

  const errorList = useMemo(() => {
    const out: { row: number; col: string; reason: string }[] = [];
    for (const [k, reason] of reasons) {
      const [row, col] = [Number(k.slice(0, k.indexOf(':'))), k.slice(k.indexOf(':') + 1)];
      out.push({ row, col, reason });
    }
    return out.sort((a, b) => a.row - b.row).slice(0, 200);
  }, [reasons]);

  // The rows with an error (client or server), for the filter: 0-based indexes in file order.
  const rowsWithErrors = useMemo(() => {
    const set = new Set<number>();
    for (const k of reasons.keys()) set.add(Number(k.slice(0, k.indexOf(':'))) - 1);
    return [...set].sort((a, b) => a - b);
  }, [reasons]);
  const goTo = (row: number, col: string) => setFocus((f) => ({ row, col, n: (f?.n ?? 0) + 1 }));

  const target = RESULT_TARGET[upload.type];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h3">{def.title} upload preview</Title>
          <Text size="sm" c="dimmed">{upload.file.name} · {rows.length} rows{phase !== 'parsing' && parseMs.current ? ` · read in ${Math.round(parseMs.current)} ms` : ''}</Text>
        </div>
        <Group gap="xs">
          <Anchor href={templatePath(upload.type)} download size="sm">Download sample template</Anchor>
          <Button variant="default" component={Link} to="/bulk">Choose another file</Button>
          <Button onClick={submit} loading={phase === 'submitting'} disabled={(phase !== 'ready' && phase !== 'result') || (rows.length > 0 && applied.size === rows.length)} data-testid="bulk-submit">
            Submit
          </Button>
        </Group>
      </Group>

      {phase === 'parsing' && <Group gap="xs"><Loader size="sm" /><Text size="sm">Reading the file…</Text></Group>}
      {phase === 'failed' && <Alert color="red" title="Could not read the file">{failure}</Alert>}
      {problems.length > 0 && (
        <Alert color="red" title="The columns do not match the template">
          {problems.map((p) => <div key={p}>{p}</div>)}
        </Alert>
      )}
      {tooMany && <Alert color="red">{MAX_ROWS_MSG}</Alert>}
      {def.needsStore && (
        <Select
          label="Store" placeholder="Choose the store whose D2R price changes" required w={360} value={storeId} onChange={setStoreId} searchable
          data={(stores.data?.storeAddressData ?? []).map((s) => ({ value: s.id, label: `${s.storeName} · ${s.phone}` }))}
        />
      )}
      {errorCount > 0 && phase !== 'parsing' && (
        <Alert color="red" data-testid="bulk-fix-errors">
          {FIX_ERRORS_MSG} <Badge color="red" ml="xs">{errorCount} {errorCount === 1 ? 'error' : 'errors'}</Badge>
          {askedToClear && <Text size="sm" fw={600} mt={4} role="alert">{CLEAR_ERRORS_MSG}</Text>}
        </Alert>
      )}
      {phase === 'submitting' && (
        <Stack gap={4}>
          <Text size="sm">Uploading…{progress ? ` ${progress.done} of ${progress.total} rows` : ''}</Text>
          <Progress value={progress && progress.total ? (progress.done / progress.total) * 100 : 100} animated striped />
        </Stack>
      )}
      {phase === 'result' && result && (
        <Alert color={result.executeErrors ? (result.executeSuccess ? 'yellow' : 'red') : 'green'} title="Upload result" data-testid="bulk-result">
          <Text size="sm">{result.executeSuccess} rows uploaded successfully, {result.executeErrors} rows with errors.</Text>
          {result.executeErrors > 0 && <Text size="sm">The rows with errors are marked below with the reasons; fix them and submit again.</Text>}
          {target && result.executeSuccess > 0 && <Anchor component={Link} to={target.to} size="sm">{target.label}</Anchor>}
        </Alert>
      )}
      {phase !== 'parsing' && phase !== 'failed' && rows.length > 0 && (
        <Switch
          label={`Rows with errors only (${rowsWithErrors.length})`}
          checked={onlyErrors && rowsWithErrors.length > 0}
          disabled={!rowsWithErrors.length}
          onChange={(e) => setOnlyErrors(e.currentTarget.checked)}
          data-testid="only-error-rows"
        />
      )}
      {phase !== 'parsing' && phase !== 'failed' && (
        <BulkGrid
          columns={def.columns}
          rows={rows}
          reasons={reasons}
          applied={applied}
          onEdit={onEdit}
          shown={onlyErrors && rowsWithErrors.length ? rowsWithErrors : undefined}
          focus={focus}
          height={Math.min(460, 60 + (onlyErrors && rowsWithErrors.length ? rowsWithErrors.length : rows.length) * 54)}
        />
      )}
      {errorList.length > 0 && (
        <ScrollArea.Autosize mah={180}>
          <Stack gap={0} data-testid="bulk-error-list" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {errorList.map((e) => (
              <li key={`${e.row}:${e.col}`}>
                <UnstyledButton onClick={() => goTo(e.row, e.col)} fz="xs" c="red.8" py={2} style={{ textDecoration: 'underline dotted' }} title="Go to this cell">
                  Row {e.row} · {e.col}: {e.reason}
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
