import { shiftMessages as m, type ShiftDefinition } from '@portal/contract/shifts';
import { useCallback, useState } from 'react';
import { Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { useFactoryToday } from '@/lib/factory';
import { type RunChange, useChangeCalendar } from '../api/change-calendar';
import { useShiftCalendar } from '../api/get-shift-calendar';
import { ClosureForm, ClosuresTable } from '../components/closures';
import { emptyShift, ShiftForm, toShiftValues } from '../components/shift-form';
import { ShiftsTable } from '../components/shifts-table';

/** Admin 'Turnos': the shift calendar (shifts, breaks, days not worked), changed from a date on. */
export default function AdminShiftsPage() {
  const today = useFactoryToday();
  const calendar = useShiftCalendar();
  const change = useChangeCalendar();
  // Each 'Editar' opens the shift afresh, also the one already open.
  const [editing, setEditing] = useState<{ shift: ShiftDefinition; opened: number } | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const closeBanner = useCallback(() => setBanner(null), []);

  // A form shows its own refusal (`failed`); the rows' actions show theirs in the banner.
  const run: RunChange = (c, done, failed) =>
    change.mutate(c, {
      onSuccess: (res) => {
        setBanner({ variant: 'success', text: res.message });
        done?.();
      },
      onError: (e) => {
        if (failed) {
          setBanner(null);
          failed(e);
        } else setBanner({ variant: 'danger', text: errorText(e, m.saveFailed, m.saveFailed) });
      },
    });
  const shifts = calendar.data?.shifts ?? [];
  const shiftName = (id: number | null) =>
    id === null
      ? m.wholeDay
      : (shifts.find((s) => s.id === id)?.current?.name ?? shifts.find((s) => s.id === id)?.versions.at(-1)?.name ?? '?');

  return (
    <div style={{ maxWidth: 1000 }}>
      <h1 className="h4 mb-2">{m.title}</h1>
      <p className="text-muted">{m.intro}</p>
      <Banner message={banner} onClose={closeBanner} autoHideMs={5000} successOnly />
      {calendar.isPending && <p className="text-muted">{m.loading}</p>}
      {calendar.isError && <Feedback>{m.loadFailed}</Feedback>}

      <h2 className="h5 mt-3">{m.shiftsTitle}</h2>
      {calendar.data && shifts.length === 0 && <p className="text-muted">{m.empty}</p>}
      {shifts.length > 0 && (
        <ShiftsTable
          shifts={shifts}
          today={today}
          run={run}
          pending={change.isPending}
          onEdit={(shift) => setEditing((e) => ({ shift, opened: (e?.opened ?? 0) + 1 }))}
        />
      )}

      {editing && (
        <ShiftForm
          key={`edit-${editing.shift.id}-${editing.opened}`}
          id={editing.shift.id}
          initial={toShiftValues(editing.shift, today)}
          run={run}
          pending={change.isPending}
          today={today}
          onDone={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      )}
      {/* The add form keeps what was typed in it while a shift is edited. */}
      <div hidden={editing !== null}>
        <ShiftForm initial={emptyShift(today)} run={run} pending={change.isPending} today={today} />
      </div>

      <h2 className="h5 mt-4">{m.closuresTitle}</h2>
      <ClosureForm shifts={shifts.map((s) => ({ id: s.id, name: shiftName(s.id) }))} today={today} run={run} pending={change.isPending} />
      {calendar.data && calendar.data.closures.length === 0 && <p className="text-muted">{m.noClosures}</p>}
      {(calendar.data?.closures.length ?? 0) > 0 && (
        <ClosuresTable closures={calendar.data?.closures ?? []} shiftName={shiftName} run={run} />
      )}
    </div>
  );
}
