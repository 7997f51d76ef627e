import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { CATALOGUE_SHOP_TYPES, DEFAULT_CATALOGUE_TAB } from '../../domain/catalogue';
import { prefetchAll } from '../api/prefetch';
import { catalogueItemQuery } from '../features/catalogue/queries';
import { CataloguePage, cataloguePageQuery, type CatalogueSearch } from '../features/catalogue/CataloguePage';

const searchSchema = z.object({
  tab: z.enum(CATALOGUE_SHOP_TYPES).catch(DEFAULT_CATALOGUE_TAB).default(DEFAULT_CATALOGUE_TAB),
  q: z.string().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  item: z.string().optional().catch(undefined),
  company: z.string().optional().catch(undefined),
});

/** /catalogs?tab=<shop type>; #add opens the add form, #update the update form of ?item. */
export const Route = createFileRoute('/_authed/catalogs')({
  validateSearch: (s): CatalogueSearch => searchSchema.parse(s),
  loaderDeps: ({ search }) => ({ tab: search.tab, q: search.q, page: search.page, company: search.company, item: search.item }),
  loader: ({ context, deps, cause }) => prefetchAll(context.queryClient, [cataloguePageQuery(context.session, deps), catalogueItemQuery(deps.item ?? '')], cause),
  component: CatalogsRoute,
});

function CatalogsRoute() {
  const search = Route.useSearch();
  const hash = useLocation({ select: (l) => l.hash });
  const navigate = useNavigate({ from: '/catalogs' });
  return (
    <CataloguePage
      search={search}
      hash={hash.replace(/^#/, '')}
      go={(next, h) => navigate({ search: (prev) => ({ ...prev, ...next }), hash: h ?? hash.replace(/^#/, ''), replace: false })}
    />
  );
}
