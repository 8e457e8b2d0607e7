import { errorMessage } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { FormBanner } from '../../../components/form/form-banner';
import { ScrollRegion } from '../../../components/scroll-region';
import { Card } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { teamUsageQuery } from '../api/queries';
import { TeamOverage } from './team-overage';

/** Admins: each member's tokens today and server minutes this month, and the team's overage. */
export function TeamUsage({ teamId }: { teamId: string }) {
  const usage = useQuery(teamUsageQuery(teamId));
  return (
    <Card asChild>
      <section aria-labelledby="team-usage">
        <h2 id="team-usage" className="text-lg font-semibold text-slate-900">
          Usage
        </h2>
        {usage.error ? <FormBanner message={errorMessage(usage.error)} /> : null}
        {usage.data ? (
          <>
            <ScrollRegion label="Usage per member" className="mt-4 overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Member</TableHead>
                    <TableHead className="text-right">Tokens today</TableHead>
                    <TableHead className="text-right">On provider keys</TableHead>
                    <TableHead className="text-right">Server minutes ({usage.data.month})</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {usage.data.members.map((row) => (
                    <TableRow key={row.userId}>
                      <TableCell className="text-slate-900">{row.email}</TableCell>
                      <TableCell className="text-right">{row.tokensToday.toLocaleString()}</TableCell>
                      <TableCell className="text-right">{row.keyTokensToday.toLocaleString()}</TableCell>
                      <TableCell className="text-right">
                        {Math.floor(row.computeMinutesThisMonth).toLocaleString()}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
            <p className="mt-3 text-sm text-slate-500">
              Team servers: {Math.floor(usage.data.teamServers.computeMinutesThisMonth).toLocaleString()}{' '}
              minutes this month.
            </p>
            <TeamOverage teamId={teamId} overage={usage.data.overage} />
          </>
        ) : null}
      </section>
    </Card>
  );
}
