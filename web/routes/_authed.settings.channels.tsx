import { createFileRoute } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { ChannelsPage } from '../features/channels/ChannelsPage';
import { channelConnectionsQuery } from '../features/channels/queries';

/** Settings > Channels: the seller's Shopify and WooCommerce stores. */
export const Route = createFileRoute('/_authed/settings/channels')({
  loader: ({ context, cause }) => prefetchAll(context.queryClient, context.session.role === 'seller' ? [channelConnectionsQuery()] : [], cause),
  component: ChannelsPage,
});
