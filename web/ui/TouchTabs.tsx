import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';

export type TouchTab = { value: string; label: ReactNode; panel?: ReactNode };

export type TouchTabsProps = {
  /** The tabs; false/null leaves one out (e.g. a tab only some roles see). */
  tabs: readonly (TouchTab | false | null | undefined)[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
};

/**
 * Tabs with 44 px targets for the floor's touch screens. A tab with a `panel`
 * shows it under the list (rendered only while chosen); without panels the
 * tabs only switch what the caller shows.
 */
export function TouchTabs({ tabs, value, defaultValue, onChange }: TouchTabsProps) {
  const shown = tabs.filter((t): t is TouchTab => !!t);
  return (
    <Tabs value={value} defaultValue={defaultValue} onChange={(v) => v && onChange?.(v)} keepMounted={false}>
      <Tabs.List>
        {shown.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} mih={44}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {shown.map(
        (t) =>
          t.panel !== undefined && (
            <Tabs.Panel key={t.value} value={t.value} pt="md">
              {t.panel}
            </Tabs.Panel>
          ),
      )}
    </Tabs>
  );
}
