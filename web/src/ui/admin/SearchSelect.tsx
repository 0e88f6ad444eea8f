/**
 * A select whose options the server finds as the operator types (goods by name, maker or approval number; buyers
 * by company, username or phone). Each keystroke's search cancels the one before it; opening an empty select
 * searches for nothing, so the first options show at once. Inside a Form.Item it takes the item's value.
 */
import { Select, Spin, type SelectProps } from 'antd';
import { useRef, useState } from 'react';

/** An option; a goods' own price (yuan) rides along where a form adds prices up. */
export type SearchOption = { value: number; label: string; price?: string };

type Props = Omit<SelectProps<number | number[], SearchOption>, 'options' | 'showSearch' | 'filterOption' | 'onSearch' | 'notFoundContent'> & {
  /** The options for a keyword (empty: the first ones). */
  find: (keyword: string, signal: AbortSignal) => Promise<SearchOption[]>;
  /** Shown while nothing is found: what can be typed. */
  hint: string;
};

export function SearchSelect({ find, hint, onFocus, ...rest }: Props) {
  const [options, setOptions] = useState<SearchOption[]>([]);
  const [searching, setSearching] = useState(false);
  const pending = useRef<AbortController | null>(null);

  const search = async (keyword: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setSearching(true);
    try {
      setOptions(await find(keyword.trim(), controller.signal));
    } catch {
      // a newer search took its place, or it failed: keep what is shown
    } finally {
      if (pending.current === controller) setSearching(false);
    }
  };

  return (
    <Select<number | number[], SearchOption>
      showSearch
      filterOption={false}
      onSearch={(k) => void search(k)}
      onFocus={(e) => {
        if (!options.length) void search('');
        onFocus?.(e);
      }}
      notFoundContent={searching ? <Spin size="small" /> : hint}
      options={options}
      {...rest}
    />
  );
}
