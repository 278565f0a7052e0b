import {
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  busyButtonProps,
  createGuideMutationOptions,
  GUIDE_LIMITS,
  GUIDE_LOCALES,
  guideZonesSchema,
  splitZones,
  useOnePress,
  useSingleFlightMutation,
} from '@trek/shared';
import { type MouseEvent, useRef } from 'react';
import {
  type CreateGuideValues,
  EMPTY_GUIDE,
  GUIDE_NAME_REQUIRED,
  LOCALE_OPTIONS,
  toCreateGuideBody,
  validateCreateGuide,
} from '../model/create-guide-form';
import { failureMessage, guideCreatedMessage, showToast } from '../model/toasts';

/**
 * The create-guide form (spec section 5): name, locale, zones and active. A guide is created once
 * however often 'Create guide' or Enter is pressed; the busy button keeps the focus, so after a
 * failure (said in a toast) it is where the admin left it. The second click of a double click (or
 * tap of a double tap) does nothing: the local API answers within it (~10 ms), so it would submit
 * the form the first one emptied and say 'Guide name is required' in place of the success.
 */
export function CreateGuideForm({
  activationLinks,
}: {
  /**
   * Whether activation links can be made (the server's business WhatsApp number is 8 to 15
   * digits), as the page knows from the list; undefined until the list is read.
   */
  activationLinks: boolean | undefined;
}) {
  const create = useSingleFlightMutation(createGuideMutationOptions());
  const press = useOnePress();
  // The button's own action, the form's submit, stays (Enter in a field clicks it, with no click
  // count): only a press `useOnePress` ignores has it cancelled.
  const onePress = (event: MouseEvent<HTMLButtonElement>) => {
    let first = false;
    press('create', () => {
      first = true;
    }).onClick(event);
    if (!first) event.preventDefault();
  };
  const nameInput = useRef<HTMLInputElement>(null);
  const form = useForm<CreateGuideValues>({
    mode: 'controlled',
    initialValues: EMPTY_GUIDE,
    validate: validateCreateGuide,
  });
  // While 'Create guide' is on its way the fields are read-only (not disabled: the focus stays
  // where the admin is): the success empties the form, which would erase a next guide typed
  // meanwhile; and a form changed in part would keep the sent guide's name, one Enter away from a
  // duplicate (guides are never deleted). A select and a switch have no native read-only, so
  // their changes are ignored.
  const locked = create.isPending;
  const textProps = (field: 'name' | 'zones') => ({
    ...form.getInputProps(field),
    readOnly: locked,
  });
  const isActive = form.getInputProps('isActive', { type: 'checkbox' });
  // The zones as they will be saved (repeats dropped), when they can be.
  const zones = guideZonesSchema.safeParse(splitZones(form.values.zones)).data ?? [];

  const submit = form.onSubmit(
    (values) => {
      create.mutate(toCreateGuideBody(values), {
        onSuccess: (guide) => {
          showToast({
            color: 'teal',
            title: 'Guide created successfully',
            message: guideCreatedMessage(guide.name, activationLinks),
          });
          form.reset();
          nameInput.current?.focus();
        },
        onError: (error) =>
          showToast({
            color: 'red',
            title: 'Failed to create guide',
            message: failureMessage(error),
          }),
      });
    },
    (errors) => {
      // The toast is the spec's word for a blank name only; a name refused for another reason (a
      // pasted tab) has its own message under the field, which this title would contradict.
      if (errors.name === GUIDE_NAME_REQUIRED) {
        showToast({
          color: 'red',
          title: GUIDE_NAME_REQUIRED,
          message: "Enter the guide's name to create the guide.",
        });
      }
      // Mantine focuses nothing on its own: the first field in error gets the focus.
      const first = Object.keys(errors)[0];
      if (first) document.getElementById(`create-guide-${first}`)?.focus();
    },
  );

  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby="create-guide-title"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3" id="create-guide-title">
            Add a guide
          </Title>
          <TextInput
            id="create-guide-name"
            ref={nameInput}
            label="Name"
            required
            maxLength={GUIDE_LIMITS.name}
            autoComplete="off"
            {...textProps('name')}
          />
          <NativeSelect
            id="create-guide-locale"
            label="Locale"
            description="The language we write to the guide in"
            data={LOCALE_OPTIONS}
            value={form.values.locale}
            aria-readonly={locked}
            onChange={(event) => {
              if (locked) return;
              const locale = GUIDE_LOCALES.find((code) => code === event.currentTarget.value);
              if (locale) form.setFieldValue('locale', locale);
            }}
          />
          <TextInput
            id="create-guide-zones"
            label="Zones"
            description="Separate zones with commas, e.g. Cusco, Sacred Valley"
            autoComplete="off"
            {...textProps('zones')}
          />
          {zones.length > 0 && (
            <Group gap={6}>
              <Text fz="xs" c="dimmed">
                Saved as:
              </Text>
              {zones.map((zone) => (
                <Badge key={zone} variant="default" tt="none">
                  {zone}
                </Badge>
              ))}
            </Group>
          )}
          <Switch
            id="create-guide-isActive"
            label="Active"
            {...isActive}
            aria-readonly={locked}
            onChange={(event) => {
              if (!locked) isActive.onChange(event);
            }}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              color="teal.9"
              onPointerDown={press('create', () => undefined).onPointerDown}
              onClick={onePress}
              {...busyButtonProps(create.isPending)}
            >
              Create guide
            </Button>
          </Group>
          <Text fz="xs" c="dimmed">
            Each new guide gets a join code to send them with the activation link.
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
