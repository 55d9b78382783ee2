import { type AdminTerminal, terminalMessages } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ActionColumnHeads } from '@/components/action-column-heads';
import { Banner, type BannerMessage } from '@/components/banner';
import { ConfirmModal } from '@/components/confirm-modal';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { useAdminTerminals } from '../api/get-admin-terminals';
import { useRevokeTerminal } from '../api/revoke-terminal';
import { useUnlockTerminalPin } from '../api/unlock-terminal-pin';
import { RenameTerminalModal } from '../components/rename-terminal-modal';

/** The terminals grouped by nave, in the order the server lists them (revoked ones last). */
function byNave(terminals: readonly AdminTerminal[]): [string, AdminTerminal[]][] {
  const groups = new Map<string, AdminTerminal[]>();
  for (const terminal of terminals) groups.set(terminal.nave, [...(groups.get(terminal.nave) ?? []), terminal]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'es'));
}

/**
 * /admin/terminales: every station terminal per nave, its last activity and connection, whether its PIN
 * sign-in is locked (docs/decisions/060-terminal-budget-and-binding.md) or it has no device key yet;
 * rename, unlock the PIN and revoke.
 */
export default function AdminTerminalsPage() {
  const terminals = useAdminTerminals();
  const revoke = useRevokeTerminal();
  const unlock = useUnlockTerminalPin();
  const tz = useFactoryTz();
  const [renaming, setRenaming] = useState<AdminTerminal | null>(null);
  const [revoking, setRevoking] = useState<AdminTerminal | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);

  const status = (terminal: AdminTerminal) =>
    terminal.revoked ? (
      <span className="badge text-bg-secondary">{t.revokedOn(formatDateTime(terminal.revoked_at, tz))}</span>
    ) : terminal.online ? (
      <span className="badge text-bg-success">{terminalMessages.online}</span>
    ) : (
      <span className="badge text-bg-warning">{terminalMessages.offline}</span>
    );

  return (
    <div>
      <h1 className="h3 mb-3">{t.terminalsTitle}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} />
      {terminals.isPending && <Loading />}
      {terminals.isError && <Feedback>{errorText(terminals.error, t.loadTerminalsFallback, t.loadTerminalsFallback)}</Feedback>}
      {terminals.data?.length === 0 && <p>{t.terminalsEmpty}</p>}
      {byNave(terminals.data ?? []).map(([nave, list], i) => (
        // An id by position: a nave's name may hold spaces, and aria-labelledby splits ids at spaces.
        <section key={nave} className="mb-4" aria-labelledby={`terminals-nave-${i}`}>
          <h2 id={`terminals-nave-${i}`} className="h5">
            {nave}
          </h2>
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <ActionColumnHeads labels={[t.nameLabel, t.arcoColumn, t.lastSeen, t.statusColumn]} actions={t.actionsColumn} />
              <tbody>
                {list.map((terminal) => (
                  <tr key={terminal.id} data-testid="terminal-row">
                    <td>{terminal.name}</td>
                    <td>{terminal.arco_sumergido_name}</td>
                    <td>{terminal.last_seen_at ? formatDateTime(terminal.last_seen_at, tz) : t.never}</td>
                    <td>
                      {status(terminal)}
                      {!terminal.revoked && terminal.pin_locked_at && (
                        <span className="badge text-bg-danger ms-1" title={t.pinLockedSince(formatDateTime(terminal.pin_locked_at, tz))}>
                          {t.pinLockedMark}
                        </span>
                      )}
                      {!terminal.revoked && !terminal.device_bound && (
                        <span className="badge text-bg-light border ms-1" title={t.unboundHelp}>
                          {t.unboundMark}
                        </span>
                      )}
                    </td>
                    <td className="text-end text-nowrap">
                      {!terminal.revoked && (
                        <>
                          <Button
                            size="sm"
                            variant="outline-primary"
                            className="me-2"
                            onClick={() => setRenaming(terminal)}
                            aria-label={`${t.rename}: ${terminal.name}`}
                          >
                            {t.rename}
                          </Button>
                          {terminal.pin_locked_at && (
                            <Button
                              size="sm"
                              variant="outline-success"
                              className="me-2"
                              disabled={unlock.isPending}
                              onClick={() =>
                                unlock.mutate(terminal.id, {
                                  onSuccess: (res) => setBanner({ variant: 'success', text: res.message }),
                                  onError: (error) =>
                                    setBanner({ variant: 'danger', text: errorText(error, t.saveFallback, t.saveFallback) }),
                                })
                              }
                              aria-label={`${t.unlockPin}: ${terminal.name}`}
                            >
                              {t.unlockPin}
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="outline-danger"
                            onClick={() => setRevoking(terminal)}
                            aria-label={`${t.revoke}: ${terminal.name}`}
                          >
                            {t.revoke}
                          </Button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <RenameTerminalModal
        terminal={renaming}
        onHide={() => setRenaming(null)}
        onSaved={(text) => {
          setRenaming(null);
          setBanner({ variant: 'success', text });
        }}
      />
      <ConfirmModal
        show={revoking !== null}
        title={t.revoke}
        confirmLabel={t.revoke}
        busyLabel={t.revoking}
        busy={revoke.isPending}
        error={revoke.isError ? errorText(revoke.error, t.saveFallback, t.saveFallback) : null}
        onCancel={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: (res) => {
              setRevoking(null);
              setBanner({ variant: 'success', text: res.message });
            },
          })
        }
      >
        {revoking && t.confirmRevoke(revoking.name)}
      </ConfirmModal>
    </div>
  );
}
