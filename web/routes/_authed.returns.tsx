import { createFileRoute } from '@tanstack/react-router';
import { ReturnsStation } from '../features/returns/ReturnsStation';

export const Route = createFileRoute('/_authed/returns')({
  component: ReturnsStation,
});
