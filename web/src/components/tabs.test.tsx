import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tab, TabList, TabPanel, Tabs } from './tabs';

function Example() {
  const [value, setValue] = useState('one');
  return (
    <>
      <button type="button">Before</button>
      <Tabs value={value} onValueChange={setValue}>
        <TabList aria-label="Views">
          <Tab value="one">One</Tab>
          <Tab value="two">Two</Tab>
          <Tab value="three">Three</Tab>
        </TabList>
        <TabPanel value="one">
          <input aria-label="First field" />
        </TabPanel>
        <TabPanel value="two">Second panel</TabPanel>
        <TabPanel value="three">Third panel</TabPanel>
      </Tabs>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () =>
  screen.getAllByRole('tab').filter((element) => element.getAttribute('aria-selected') === 'true');

describe('Tabs', () => {
  it('names the list, links each tab to its panel and renders only the selected panel', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Views' })).toBeTruthy();
    expect(selected()).toEqual([tab('One')]);
    expect(tab('One').getAttribute('data-state')).toBe('active');
    expect(tab('Two').getAttribute('data-state')).toBe('inactive');
    const panel = screen.getByRole('tabpanel', { name: 'One' });
    expect(tab('One').getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.queryByText('Second panel')).toBeNull();
  });

  it('is one Tab stop (the selected tab); arrows select and loop, Home and End too', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(tab('One'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Two'));
    expect(selected()).toEqual([tab('Two')]);
    expect(screen.getByText('Second panel')).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(selected()).toEqual([tab('One')]);
    await userEvent.keyboard('{ArrowLeft}');
    expect(selected()).toEqual([tab('Three')]);
    await userEvent.keyboard('{Home}');
    expect(selected()).toEqual([tab('One')]);
    await userEvent.keyboard('{End}');
    expect(selected()).toEqual([tab('Three')]);
    // The next Tab stop is in the panel, not another tab.
    await userEvent.keyboard('{Home}');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First field' }));
  });

  it('selects on a primary press, not a Ctrl-press', async () => {
    render(<Example />);
    fireEvent.mouseDown(tab('Three'), { button: 0, ctrlKey: true });
    expect(selected()).toEqual([tab('One')]);
    fireEvent.mouseDown(tab('Three'), { button: 0 });
    expect(selected()).toEqual([tab('Three')]);
    await userEvent.click(tab('Two'));
    expect(selected()).toEqual([tab('Two')]);
  });
});
