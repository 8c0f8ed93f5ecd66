import { FileImage, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminDevice } from '@arcadia/contracts';
import { Button, toast } from '../../../components/ui';
import { failureMessage } from '../shell/failure-message';
import { useGetDeviceSignMutation, type SignFormat } from './api/get-device-sign';

/** Saves an object URL as a file (the browser's download), then lets it go. */
function download(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the URL is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The device's QR sign to print, as PDF or PNG, fetched with the operator's token. */
export function SignButtons({ device }: { device: AdminDevice }) {
  const { t } = useTranslation();
  const [getSign, { isLoading, originalArgs }] = useGetDeviceSignMutation();
  const fetchSign = async (format: SignFormat) => {
    const result = await getSign({ arcadeId: device.arcadeId, deviceId: device.id, format });
    if ('error' in result) {
      toast({
        variant: 'error',
        title: t('admin-devices.sign.failed'),
        description: failureMessage(result.error, t),
      });
      return;
    }
    download(result.data, `${device.arcadeId}-${device.id}-sign.${format}`);
  };
  const busy = (format: SignFormat) => isLoading && originalArgs?.format === format;
  return (
    <>
      {(['pdf', 'png'] as const).map((format) => (
        <Button
          key={format}
          variant="ghost"
          size="sm"
          busy={isLoading}
          aria-label={t(`admin-devices.sign.${format}Named`, { name: device.name })}
          onClick={() => void fetchSign(format)}
        >
          {format === 'pdf' ? (
            <FileText aria-hidden="true" size={16} />
          ) : (
            <FileImage aria-hidden="true" size={16} />
          )}
          {busy(format) ? t('admin-devices.sign.loading') : t(`admin-devices.sign.${format}`)}
        </Button>
      ))}
    </>
  );
}
