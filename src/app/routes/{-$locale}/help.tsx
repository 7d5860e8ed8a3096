/**
 * /help (ARCHITECTURE.md): the help centre, where the menus' customer-service entries lead.
 */
import { createFileRoute } from '@tanstack/react-router';
import { HelpCentre } from '../../features/helpdesk/HelpCentre';

export const Route = createFileRoute('/{-$locale}/help')({
  component: HelpCentre,
});
