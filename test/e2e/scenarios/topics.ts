// The Topics view in a real workbench against the replay mirror: a watched topic, expanded, shows
// its messages newest first (a chunked JSON message joined, opened pretty-printed); while the view
// is visible its new messages are asked with `sequencenumber=gt:` and appear; hidden, the view asks
// nothing at all (the requests are counted at the replay mirror).
import { expectIncludes, type Scenario } from '../driver';
import { patient } from '../../support/patience';
import { LIVE_TOPIC, LIVE_TOPIC_MEMO, arrivedRecord, liveTopicRecords, pollUrl } from '../../support/topicsRecords';

const topicRequests = (urls: readonly string[]): string[] => urls.filter(u => u.includes(`/topics/${LIVE_TOPIC}`));

export const scenario: Scenario = {
  name: 'topics',
  settings: { 'ledgerLens.watchedTopics': [LIVE_TOPIC], 'ledgerLens.topicPollIntervalSeconds': 1 },
  records: liveTopicRecords,
  async run({ page, step, control, openLedgerLens, expandView, treeItem, runCommand }) {
    const requested = async (): Promise<string[]> => (await control.requests('mirror')).map(r => r.url);

    await step('the Topics view lists the watched topic with its memo', async () => {
      await openLedgerLens();
      await expandView('Topics');
      const topic = treeItem(new RegExp(`^Topic ${LIVE_TOPIC.replace(/\./g, '\\.')}, ${LIVE_TOPIC_MEMO}`));
      await topic.waitFor({ timeout: patient(20_000) });
      return { topic: await topic.getAttribute('aria-label') };
    });

    await step('expanded: its details, then its messages newest first, the chunked JSON joined', async () => {
      await treeItem(new RegExp(`^Topic ${LIVE_TOPIC.replace(/\./g, '\\.')}`)).click();
      await treeItem(/^#4, plain text, message four/).waitFor({ timeout: patient(10_000) });
      const chunked = treeItem(/^#1–3, \{ "p": "hcs-10"/);
      await chunked.waitFor({ timeout: patient(10_000) });
      return { chunked: await chunked.getAttribute('aria-label') };
    });

    await step('opening the chunked message shows it joined and pretty-printed', async () => {
      await treeItem(/^#1–3/).click();
      const editor = page.locator('.editor-instance .view-lines').first();
      await editor.waitFor({ timeout: patient(10_000) });
      await page.waitForFunction(
        () =>
          (
            globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }
          ).document
            .querySelector('.editor-instance .view-lines')
            ?.textContent?.replace(/\u00a0/g, ' ')
            .includes('"op": "register"') ?? false,
        undefined,
        { timeout: patient(10_000) },
      );
      const text = (await editor.innerText()).replace(/\u00a0/g, ' ');
      expectIncludes(text, 'chunked message: 3 of 3 chunks', 'the chunks said');
      expectIncludes(text, 'JSON (', 'pretty-printed JSON');
      return { lines: text.split('\n').slice(0, 8) };
    });

    await step('while visible it polls with gt:, and new messages appear on top', async () => {
      await expandView('Topics');
      await control.resetRequests();
      await page.waitForTimeout(2500);
      const polls = topicRequests(await requested());
      if (!polls.some(u => u.includes('sequencenumber=gt:4')))
        throw new Error(`no poll after #4 while visible: ${JSON.stringify(polls)}`);
      const [index] = await control.addRecords([arrivedRecord()]);
      await control.useRecord(index);
      await treeItem(/^#6, live message 6/).waitFor({ timeout: patient(15_000) });
      await treeItem(/^#5, live message 5/).waitFor({ timeout: patient(5000) });
      // From now on the polls ask after the newest shown, #6.
      const deadline = Date.now() + patient(10_000);
      while (!topicRequests(await requested()).some(u => u.endsWith('sequencenumber=gt:6'))) {
        if (Date.now() > deadline)
          throw new Error(`no poll after #6: ${JSON.stringify(topicRequests(await requested()))}`);
        await page.waitForTimeout(300);
      }
      return { pollsIn2500Ms: polls.length, next: pollUrl(6) };
    });

    await step('hidden (another view in front), it asks nothing', async () => {
      await runCommand('View: Show Explorer');
      await page.waitForTimeout(1500);
      await control.resetRequests();
      await page.waitForTimeout(6000);
      const asked = topicRequests(await requested());
      if (asked.length) throw new Error(`requests while hidden: ${JSON.stringify(asked)}`);
      return { requestsWhileHidden: 0, waitedMs: 6000 };
    });

    // The workbench as found: the Topics view collapsed again (it is collapsed by default), so the
    // scenarios after this one see the sidebar as every other run does.
    await openLedgerLens();
    const header = page.locator('.part.sidebar .pane-header', { hasText: 'Topics' }).first();
    if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
  },
};
