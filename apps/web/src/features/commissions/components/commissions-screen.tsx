import { Tabs } from '@mantine/core';
import { IconCoin, IconReceipt } from '@tabler/icons-react';
import { ACCESS, LEVEL } from '@trayecto/shared';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { getRoles } from '../../../lib/auth-storage';
import { CommissionDueTab } from './commission-due-tab';
import { CommissionStatementsTab } from './commission-statements-tab';

/**
 * /commissions "Comisiones" (issue 34, levels 0–2): «Pendiente» — what each seller and channel is
 * owed for a period of departure dates, with «Crear liquidación» — and «Liquidaciones» — the
 * statements, each with its lines, «Marcar como pagada» and its CSV. A Vendedor sees only their
 * own, read-only.
 */
export function CommissionsScreen() {
  const roles = getRoles();
  const isSeller = roles.includes(LEVEL.SELLER);
  const canWrite = roles.some((l) => (ACCESS.commissionsWrite as readonly number[]).includes(l));
  const [tab, setTab] = useState<string | null>('due');
  // The statement just made: «Liquidaciones» puts the focus on its row (the button pressed is gone).
  const [createdId, setCreatedId] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Comisiones"
        description={
          isSeller
            ? 'Lo que te corresponde por tus ventas y tus liquidaciones.'
            : 'Lo que se debe a cada vendedor y a cada agencia o canal por sus reservas, y sus liquidaciones.'
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="due" leftSection={<IconCoin size={16} aria-hidden />}>
            Pendiente
          </Tabs.Tab>
          <Tabs.Tab value="statements" leftSection={<IconReceipt size={16} aria-hidden />}>
            Liquidaciones
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="due">
          <CommissionDueTab
            canWrite={canWrite}
            isSeller={isSeller}
            onCreated={(id) => {
              setCreatedId(id);
              setTab('statements');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="statements">
          <CommissionStatementsTab canWrite={canWrite} focusId={createdId} onFocused={() => setCreatedId(null)} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
