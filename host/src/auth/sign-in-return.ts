import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Takes `auth=success` (and the `formData` that may come with it) out of the address, which a
 * sign-in's return adds to whatever page it lands on (spec, "After a successful social login ...
 * these are removed from the address afterwards"): a reload or a shared link must not carry it.
 * Pages that read them (the wizard's, which submits the saved request) remove them themselves,
 * once read; `active` is false there, so that they are still there to read.
 */
export function useDropSignInReturn(active: boolean): void {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const params = new URLSearchParams(search);
    if (params.get('auth') !== 'success') return;
    params.delete('auth');
    params.delete('formData');
    const rest = params.toString();
    void navigate(
      { pathname, search: rest ? `?${rest}` : '', hash },
      { replace: true, state, preventScrollReset: true },
    );
  }, [active, pathname, search, hash, state, navigate]);
}
