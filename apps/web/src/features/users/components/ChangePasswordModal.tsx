/** Placeholder until the foundation issue's dialog lands. */
export default function ChangePasswordModal(_props: { show: boolean; onHide: () => void }) {
  return null;
}
