import { Button } from '@tremor/react';

interface DraftRestoredNoteProps {
  /** What came back, in the form's words: "Restored the text you had not sent." */
  message: string;
  onDiscard: () => void;
}

/** Says that a form was filled from its draft (lib/use-form-draft.ts), with the way back to an empty one. */
export function DraftRestoredNote({ message, onDiscard }: DraftRestoredNoteProps) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-tremor-default border-l-4 border-tremor-brand bg-tremor-brand-faint px-3 py-2 text-tremor-default text-tremor-content-emphasis"
    >
      <p>{message}</p>
      <Button type="button" size="xs" variant="secondary" onClick={onDiscard}>
        Discard
      </Button>
    </div>
  );
}
