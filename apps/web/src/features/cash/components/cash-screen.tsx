import { Tabs } from '@mantine/core';
import { IconCash, IconHistory } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { CashHandoversTab } from './cash-handovers-tab';
import { CashHoldersTab } from './cash-holders-tab';

/**
 * /cash "Caja" (issue 34, levels 0, 1, 3): «Quién tiene dinero» — the cash and card payments
 * sellers, guides and drivers collected on the spot and have not handed over, per person; open one
 * to choose the payments handed over and «Recibir entrega» (what the office counted, notes when it
 * differs) — and «Entregas», the history with each difference.
 */
export function CashScreen() {
  const [tab, setTab] = useState<string | null>('holders');
  const holdersTab = useRef<HTMLButtonElement>(null);
  return (
    <>
      <PageHeader
        title="Caja"
        description="El dinero cobrado en mano por vendedores, guías y choferes que aún no ha llegado a la oficina, y sus entregas."
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab ref={holdersTab} value="holders" leftSection={<IconCash size={16} aria-hidden />}>
            Quién tiene dinero
          </Tabs.Tab>
          <Tabs.Tab value="handovers" leftSection={<IconHistory size={16} aria-hidden />}>
            Entregas
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="holders">
          <CashHoldersTab focusWhenRowGone={holdersTab} />
        </Tabs.Panel>
        <Tabs.Panel value="handovers">
          <CashHandoversTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
